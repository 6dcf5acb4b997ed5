import { Writable } from 'node:stream';
import { Role, type WorkDetail } from '@spatia/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/** What the fuzz sends: always a path and a text or byte body. */
type Injection = InjectOptions & { url: string; payload?: string | Buffer };
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { completeWork, createWork, person, publishedWork, samplePng, uploadGrant, withToken, type Person } from '../test/works-fixtures.js';

/**
 * Fuzzes every route of the OpenAPI document, and the hidden `/files/*` and tus (`/api/tus`) routes,
 * through `inject`: parameters and bodies drawn from each route's own schema, mixed with hostile
 * values (NUL bytes, huge strings, Infinity, 1e309, -0, NaN, arrays and objects where scalars belong,
 * odd unicode, malformed percent-encoding, broken JSON, wrong content types), anonymously, as the
 * owner of real works, as an admin, and with a made-up token. No answer may be a 5xx, and every API
 * failure is the usual `{code, msg}` envelope. Seeded, so a failure is reproduced by its seed.
 *
 * FUZZ_RUNS=50000 FUZZ_SEED=… npx vitest run apps/server/src/plugins/fuzz.api.test.ts  (a deeper local run)
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

interface Operation {
  method: string;
  /** OpenAPI form: `/api/model/{uid}`. */
  path: string;
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema }[];
  body?: JsonSchema;
  /** Hidden routes build their own requests. */
  custom?: 'files' | 'tus';
}

type Who = 'anonymous' | 'owner' | 'admin' | 'madeUpToken';
type Encoding = 'json' | 'form' | 'brokenJson' | 'text' | 'octets' | 'multipart' | 'none' | 'jsonAsText' | 'huge' | 'deep';

interface FuzzRequest {
  op: Operation;
  who: Who;
  pathValues: Record<string, string>;
  query: [string, string][];
  body: unknown;
  encoding: Encoding;
  headers: Record<string, string>;
}

/** Stand-ins replaced when the request is sent: a fresh work (for destructive calls), a fresh upload grant. */
const FRESH_WORK = '<fresh-work>';
const FRESH_GRANT = '<fresh-grant>';

let testApp: TestApp;
let owner: Person;
let admin: Person;
let workUids: string[] = [];
/** A work the fuzz does not know of (so cannot delete), whose cover grants tus requests use. */
let grantWorkUid: string;
let assetKeys: string[] = [];
let png: Buffer;
const logged: string[] = [];

beforeAll(async () => {
  // Unexpected errors are logged with their stack; the fuzz prints them beside the request.
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      if (logged.length > 50) logged.shift();
      done();
    },
  });
  testApp = await createTestApp({}, { logger: pino({ level: 'error' }, sink) });
  owner = await person(testApp.app, { name: 'Fuzz owner' });
  admin = await person(testApp.app, { roles: [Role.admin], name: 'Fuzz admin' });
  await refreshWorks();
  grantWorkUid = (await createWork(owner, { name: 'uploads' })).uid;
  png = await samplePng(9);
});

/**
 * The works requests name: a draft, a complete one, an online one and a 3D one. The fuzz deletes,
 * transfers and locks them as it goes, so every so often it starts again with new ones.
 */
/** The fuzz may have made a sensitive word of anything (say "__l", which matches every "l"): fixture names must pass again. */
async function forgetFuzzedWords(): Promise<void> {
  const { sensitiveWords } = testApp.app.services;
  const words = await sensitiveWords.words();
  if (words.length > 0) await sensitiveWords.removeWords(admin, words);
}

async function refreshWorks(): Promise<void> {
  await forgetFuzzedWords();
  const draft = await createWork(owner, { name: '草稿' });
  const complete = await completeWork(testApp.app, owner, '完整');
  const online = await publishedWork(testApp.app, owner, '在线');
  const model = await createWork(owner, { name: 'model', type: 'model3d' });
  workUids = [draft.uid, complete.uid, online.uid, model.uid];
  const detail = (await owner.call('GET', `/api/model/${complete.uid}`)).json<{ data: WorkDetail }>().data;
  assetKeys = detail.assets.map((asset) => asset.url.replace(/^\/files\//, ''));
}
afterAll(() => testApp.close());

// ---------------------------------------------------------------------------------------------------
// Values

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '%00',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '-1e309',
  '-0',
  '0x1f',
  '1e21',
  '1.5',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '99999999999999999999999',
  '',
  ' ',
  '%',
  '..',
  '../../etc/passwd',
  'tus/',
  '/',
  '\\',
  '\uFFFE',
  '\u202Eabc',
  '😀',
  '\uD800',
  '名'.repeat(300),
  'a'.repeat(5000),
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' or 1=1 --",
  '<img src=x onerror=alert(1)>',
  '\r\nX-Injected: 1',
  '\t',
  'zh;q=NaN',
];
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
);
const hostileNumber = fc.constantFrom(
  Infinity,
  -Infinity,
  NaN,
  -0,
  1e300,
  -1e300,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 64,
  1.5,
  Number.MIN_VALUE,
  -1,
  0,
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], ['\u0000'], { a: { b: { c: [] } } }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/**
 * How hostile one request is: `typed` keeps to the schema (so the request gets past validation and
 * deeper code runs), `mixed` makes about one value in six hostile, `hostile` one in two.
 */
type Mode = 'typed' | 'mixed' | 'hostile';
const HOSTILE_WEIGHT: Record<Mode, number> = { typed: 0, mixed: 1, hostile: 5 };

/** A value of `schema`'s own type, or (as often as the mode says) a hostile one. */
function valueOf(schema: JsonSchema | undefined, name: string, mode: Mode): fc.Arbitrary<unknown> {
  const typed = typedValueOf(schema, name, mode);
  return mode === 'typed' ? typed : fc.oneof({ weight: 5, arbitrary: typed }, { weight: HOSTILE_WEIGHT[mode], arbitrary: hostileValue });
}

function typedValueOf(schema: JsonSchema | undefined, name: string, mode: Mode): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => typedValueOf(alternative, name, mode)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => typedValueOf({ ...schema, type }, name, mode)));
  const min = schema.minimum ?? -1000;
  const max = schema.maximum ?? 1_000_000;
  // Just outside the bounds too, except when the request is to get past validation.
  const edges = (values: number[]) => fc.constantFrom(...values.filter((value) => mode !== 'typed' || (value >= min && value <= max)));
  switch (types[0]) {
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1000), max: Math.max(Math.min(max, 1000), min) }),
        edges([min, max, min - 1, max + 1]),
      );
    case 'number':
      return fc.oneof(fc.double({ min, max, noNaN: true }), edges([min, max, min - 0.001, max + 0.001]));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      if (/^(uid|id)$/.test(name)) {
        const known = fc.constantFrom(...workUids, owner.uid, admin.uid);
        return mode === 'typed' ? known : fc.oneof(known, fc.string({ maxLength: 70 }));
      }
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 80) });
    }
    case 'array': {
      const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : undefined);
      if (tuple) return fc.tuple(...tuple.map((item) => valueOf(item, name, mode)));
      return fc.array(valueOf(schema.items as JsonSchema | undefined, name, mode), {
        minLength: Math.min(schema.minItems ?? 0, 4),
        maxLength: Math.max(Math.min(schema.maxItems ?? 4, 4), schema.minItems ?? 0),
      });
    }
    case 'object':
      return objectOf(schema, mode);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  const declared = fc.record(Object.fromEntries(entries.map(([key, property]) => [key, valueOf(property, key, mode)])), {
    requiredKeys: (schema.required ?? []).filter((key) => schema.properties?.[key]),
  });
  if (mode === 'typed') return declared;
  // Sometimes a key nobody declared, or a prototype-looking one.
  const extra = fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', '\u0000', 'a'.repeat(300)), hostileValue), {
    freq: 6,
  });
  return fc.tuple(declared, extra).map(([object, more]) => (more ? { ...object, [more[0]]: more[1] } : object));
}

// ---------------------------------------------------------------------------------------------------
// Requests

function operationsOf(document: {
  paths: Record<
    string,
    Record<string, { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody && Object.values(operation.requestBody.content)[0]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: (operation.parameters ?? []).filter((param) => param.in === 'path' || param.in === 'query'),
        body,
      });
    }
  }
  // Routes left out of the document.
  operations.push({ method: 'GET', path: '/files/{*}', params: [], custom: 'files' });
  for (const method of ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'])
    operations.push({ method, path: '/api/tus', params: [], custom: 'tus' });
  return operations;
}

const DESTRUCTIVE = /^DELETE \/api\/model\/(\{id\}|\{uid\}\/purge)$/;

function requestOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom<Mode>('typed', 'mixed', 'mixed', 'hostile').chain((mode) => requestIn(op, mode));
}

function requestIn(op: Operation, mode: Mode): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((param) => param.in === 'path');
  const queryParams = op.params.filter((param) => param.in === 'query');
  const destructive = DESTRUCTIVE.test(`${op.method} ${op.path}`);
  const pathValues = fc.record(
    Object.fromEntries(
      pathParams.map((param) => [
        param.name,
        destructive ? fc.constant(FRESH_WORK) : valueOf(param.schema, param.name, mode).map(pathText),
      ]),
    ),
  );
  const query = fc
    .tuple(
      fc.subarray(queryParams),
      mode === 'typed'
        ? fc.constant(null)
        : fc.option(fc.tuple(fc.constantFrom('pageNum', 'x', '__proto__', '\u0000'), hostileString), { freq: 4 }),
    )
    .chain(([chosen, extra]) =>
      fc
        .tuple(...chosen.map((param) => valueOf(param.schema, param.name, mode).map((value) => [param.name, value] as const)))
        .map((pairs) => [...pairs, ...(extra ? [extra] : [])].flatMap(([key, value]) => queryPairs(key, value))),
    );
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method);
  const body = op.body
    ? valueOf(op.body, 'body', mode)
    : hasBody && mode !== 'typed'
      ? fc.option(hostileValue, { freq: 2 })
      : fc.constant(undefined);
  const encoding =
    mode === 'typed'
      ? fc.constantFrom<Encoding>('json', 'json', 'json', 'form')
      : fc.constantFrom<Encoding>(
          'json',
          'json',
          'json',
          'form',
          'form',
          'brokenJson',
          'text',
          'octets',
          'multipart',
          'none',
          'jsonAsText',
          'huge',
          'deep',
        );
  const who =
    mode === 'typed'
      ? fc.constantFrom<Who>('owner', 'owner', 'admin')
      : fc.constantFrom<Who>('owner', 'owner', 'owner', 'admin', 'anonymous', 'madeUpToken');
  const headers = fc.record(
    {
      'accept-language': fc.oneof(fc.constantFrom('en', 'zh-CN', 'en;q=NaN', '*', 'xx-YY, en;q=0.1'), hostileString.map(headerText)),
      cookie: fc.oneof(
        fc.constantFrom('language=en', 'language=%E0%A4%A', 'language=%', 'language=zh; language=en'),
        hostileString.map((value) => `language=${headerText(value)}`),
      ),
      'user-agent': hostileString.map(headerText),
      'x-request-id': hostileString.map(headerText),
      'x-forwarded-for': fc.oneof(fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'unknown'), hostileString.map(headerText)),
      'auth-token': hostileString.map(headerText),
    },
    { requiredKeys: [] },
  );
  if (op.custom === 'files') {
    const range = fc.constantFrom('bytes=0-1', 'bytes=-5', 'bytes=9-1', 'bytes=0-1e309', 'bytes=a-b', 'bytes=1-99999999999999999999');
    return fc.record({
      op: fc.constant(op),
      who,
      pathValues: fileKey.map((key) => ({ '*': key })),
      query: fc.constant([]),
      body: fc.constant(undefined),
      encoding: fc.constant<Encoding>('none'),
      headers: fc.record({ range }, { requiredKeys: [] }),
    });
  }
  if (op.custom === 'tus') return tusRequest(op, who, mode);
  return fc.record({ op: fc.constant(op), who, pathValues, query, body, encoding, headers });
}

/** Keys for `/files/*` (sent as written): stored ones with their signed query, and the malformed kind (empty, `tus/`, huge, NUL, traversal). */
const fileKey = fc.oneof(
  fc.constantFrom(
    'tus/',
    'tus/x',
    '',
    '/',
    'a'.repeat(5000),
    'assets/%00',
    'assets%2F..%2F..%2Fetc',
    '..%2F..%2Fpackage.json',
    '%E0%A4%A',
    'a%00b',
    'assets/' + 'b/'.repeat(600) + 'c',
    'x.png?',
  ),
  fc.constant(null).map(() => assetKeys[0] ?? 'assets/none'),
  fc.string({ maxLength: 30 }).map((key) => encodeURIComponent(wellFormed(key))),
);

const tusMetadata = fc
  .record(
    {
      grant: fc.constantFrom(FRESH_GRANT, 'nope', ''),
      filename: hostileString,
      filetype: fc.constantFrom('image/png', '\u0000'),
    },
    { requiredKeys: ['grant'] },
  )
  .map((entries) =>
    Object.entries(entries)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(','),
  );

function tusRequest(op: Operation, who: fc.Arbitrary<Who>, mode: Mode): fc.Arbitrary<FuzzRequest> {
  if (mode === 'typed' && op.method === 'POST') {
    // A creation with all its bytes (a PNG the cover grant accepts) that completes at once: the file
    // name, hostile or not, reaches the work's asset.
    const metadata = fc
      .oneof(fc.constantFrom('cover.png', '客厅.png'), hostileString)
      .map((filename) => `grant ${Buffer.from(FRESH_GRANT).toString('base64')},filename ${Buffer.from(filename).toString('base64')}`);
    return fc.record({
      op: fc.constant(op),
      who,
      pathValues: fc.constant({ id: '' }),
      query: fc.constant([]),
      body: fc.constant('png'),
      encoding: fc.constant<Encoding>('octets'),
      headers: fc.record({ 'tus-resumable': fc.constant('1.0.0'), 'upload-length': fc.constant('png'), 'upload-metadata': metadata }),
    });
  }
  return fc.record({
    op: fc.constant(op),
    who,
    pathValues: fc.record({ id: fc.constantFrom('', '0123456789abcdef0123456789abcdef', 'x', '%00', 'a'.repeat(500)) }),
    query: fc.constant([]),
    body: fc.constantFrom('png', 'empty', 'junk'),
    encoding: fc.constant<Encoding>('octets'),
    headers: fc.record(
      {
        'tus-resumable': fc.constantFrom('1.0.0', '0.2', '\u00ff'),
        'upload-length': fc.constantFrom('png', '0', '-1', 'Infinity', '1e309', '99999999999999999999', 'x'),
        'upload-offset': fc.constantFrom('0', '-1', 'Infinity', 'x'),
        'upload-metadata': fc.oneof(tusMetadata, hostileString.map(headerText)),
        'upload-grant': fc.constantFrom(FRESH_GRANT, 'nope'),
        'upload-defer-length': fc.constantFrom('1', 'x'),
      },
      { requiredKeys: [] },
    ),
  });
}

/** What a generated value looks like in a path segment or query string. */
function pathText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  return JSON.stringify(value) ?? String(value);
}

function queryPairs(key: string, value: unknown): [string, string][] {
  if (Array.isArray(value)) return value.map((item) => [key, pathText(item)]);
  return [[key, pathText(value)]];
}

/** Header values as HTTP can carry them: tab, visible ASCII and bytes 0x80–0xFF (no NUL, CR, LF or DEL). */
function headerText(value: string): string {
  return value.replace(/[^\t\u0020-\u007e\u0080-\u00ff]/g, '?');
}

/** Lone surrogates as U+FFFD (String.prototype.toWellFormed, which the ES2023 lib lacks). */
function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** Percent-encodes a segment, except hostile ASCII that is meant to arrive malformed (a lone `%`). */
function encodeSegment(value: string): string {
  if (value === FRESH_WORK) return value;
  if (/^[\u0021-\u007e]*$/.test(value) && value.includes('%')) return value.replace(/[?#/]/g, encodeURIComponent);
  return encodeURIComponent(wellFormed(value));
}

/** JSON with the numbers JSON.stringify cannot write (Infinity → 1e309, NaN → NaN: broken on purpose). */
function looseJson(value: unknown): string {
  const marks = new Map<string, string>([
    ['"\u0001inf"', '1e309'],
    ['"\u0001-inf"', '-1e309'],
    ['"\u0001nan"', 'NaN'],
    ['"\u0001-0"', '-0'],
  ]);
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'number') return item;
    if (item === Infinity) return '\u0001inf';
    if (item === -Infinity) return '\u0001-inf';
    if (Number.isNaN(item)) return '\u0001nan';
    if (Object.is(item, -0)) return '\u0001-0';
    return item;
  });
  return [...marks].reduce((result, [mark, raw]) => result.replaceAll(mark, raw), text ?? 'null');
}

function formOf(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `value=${encodeURIComponent(wellFormed(pathText(value)))}`;
  const form = new URLSearchParams();
  // A form clears a value with an empty one (null in JSON).
  for (const [key, item] of Object.entries(value))
    for (const [, text] of queryPairs(key, item === null ? '' : item)) form.append(wellFormed(key), wellFormed(text));
  return form.toString();
}

// ---------------------------------------------------------------------------------------------------
// Sending

let freshWorks = 0;

/** A new work of the owner's, after the sensitive words fuzzed admin calls added are gone (a lone "f" once blocked "fresh 1"). */
async function freshWork(): Promise<string> {
  freshWorks += 1;
  await forgetFuzzedWords();
  return (await createWork(owner, { name: `fresh ${freshWorks}` })).uid;
}

/** How a request's body is sent in each encoding: the content type it claims, and the bytes. */
const BODY_ENCODINGS: Record<Exclude<Encoding, 'none'>, { contentType: string; payload: (body: unknown) => string | Buffer }> = {
  json: { contentType: 'application/json', payload: looseJson },
  jsonAsText: { contentType: 'text/plain', payload: looseJson },
  form: { contentType: 'application/x-www-form-urlencoded', payload: formOf },
  brokenJson: { contentType: 'application/json; charset=utf-8', payload: (body) => looseJson(body).slice(0, -1) + '\u0000' },
  text: { contentType: 'text/plain; charset=latin1', payload: pathText },
  octets: { contentType: 'application/octet-stream', payload: (body) => Buffer.from(wellFormed(pathText(body))) },
  multipart: {
    contentType: 'multipart/form-data; boundary=x',
    payload: (body) => `--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n${pathText(body)}\r\n--x--`,
  },
  huge: { contentType: 'application/json', payload: () => `{"name":"${'a'.repeat(1024 * 1024 + 10)}"}` },
  // 200,000 nested arrays: within the body limit, deeper than any recursive walk survives.
  deep: { contentType: 'application/json', payload: () => `{"name":${'['.repeat(200_000)}${']'.repeat(200_000)}}` },
};

async function injectionOf(request: FuzzRequest): Promise<Injection> {
  const { op } = request;
  const headers: Record<string, string> = { ...request.headers };
  const caller = request.who === 'owner' ? owner : request.who === 'admin' ? admin : undefined;
  if (caller) headers['x-auth-token'] = caller.token;
  if (request.who === 'madeUpToken') headers['x-auth-token'] = 'made-up-token';
  let url = op.path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    op.custom === 'files' ? request.pathValues[name]! : encodeSegment(request.pathValues[name] ?? ''),
  );
  if (url.includes(FRESH_WORK)) url = url.replace(FRESH_WORK, await freshWork());
  if (request.query.length > 0)
    url += `?${request.query.map(([key, value]) => `${encodeURIComponent(wellFormed(key))}=${encodeSegment(value)}`).join('&')}`;
  if (op.custom === 'tus') return tusInjection(request, headers);
  let payload: string | Buffer | undefined;
  if (request.body !== undefined && request.encoding !== 'none') {
    const encoding = BODY_ENCODINGS[request.encoding];
    headers['content-type'] = encoding.contentType;
    payload = encoding.payload(request.body);
  }
  return { method: op.method as InjectOptions['method'], url, headers, ...(payload === undefined ? {} : { payload }) };
}

async function tusInjection(request: FuzzRequest, headers: Record<string, string>): Promise<Injection> {
  const grant = async () => (await uploadGrant(owner, grantWorkUid, 'cover')).grant;
  for (const name of ['upload-grant', 'upload-metadata']) {
    const value = headers[name];
    if (value === FRESH_GRANT) headers[name] = await grant();
    else if (value?.includes(Buffer.from(FRESH_GRANT).toString('base64'))) {
      headers[name] = value.replace(Buffer.from(FRESH_GRANT).toString('base64'), Buffer.from(await grant()).toString('base64'));
    }
  }
  const payload = request.body === 'png' ? png : request.body === 'junk' ? Buffer.from('junk\u0000') : Buffer.alloc(0);
  if (headers['upload-length'] === 'png') headers['upload-length'] = String(payload.length);
  headers['content-type'] = 'application/offset+octet-stream';
  const id = request.pathValues.id;
  const url = id ? `/api/tus/${encodeSegment(id)}` : '/api/tus';
  return {
    method: request.op.method as InjectOptions['method'],
    url,
    headers,
    ...(['POST', 'PATCH'].includes(request.op.method) ? { payload } : {}),
  };
}

/**
 * Sessions the fuzz itself ends (logout, revocation, a password change, an admin disabling or signing out an account) are started again,
 * with the account enabled again, so later requests stay signed in.
 */
async function keepSignedIn(op: Operation): Promise<void> {
  if (!/\/logout|\/sessions|\/disable|\/signOutEverywhere|\/password|\/renewPwd/.test(op.path)) return;
  const resume = async (caller: Person): Promise<Person> => {
    const { users, auth } = testApp.app.services;
    await users.setDisabled(admin.id, caller.id, false);
    const token = await auth.startSession(caller.id, { userAgent: 'fuzz', ip: '127.0.0.1' });
    return withToken(testApp.app, caller, token);
  };
  owner = await resume(owner);
  admin = await resume(admin);
}

function shorten(text: string, length = 300): string {
  return text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
}

it(`answers no fuzzed request with a 5xx (${RUNS} requests, seed ${SEED})`, { timeout: 600_000 }, async () => {
  const operations = operationsOf(testApp.app.swagger() as never);
  expect(operations.length).toBeGreaterThan(80);
  const faults: string[] = [];
  let sent = 0;
  const seen = new Set<string>();
  const answered: Record<string, Record<number, number>> = {};
  const timing = { prepare: 0, after: 0, begun: performance.now() };
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...operations).chain(requestOf), async (request) => {
      const preparing = performance.now();
      const injection = await injectionOf(request);
      timing.prepare += performance.now() - preparing;
      logged.length = 0;
      let response: { statusCode: number; body: string; headers: Record<string, unknown> };
      const started = performance.now();
      try {
        response = await testApp.app.inject(injection);
      } catch (error) {
        // The server threw instead of answering: as bad as a 500.
        response = { statusCode: 599, body: `threw: ${(error as Error).stack ?? String(error)}`, headers: {} };
      }
      sent += 1;
      if (process.env.FUZZ_TRACE && new RegExp(process.env.FUZZ_TRACE).test(`${request.op.method} ${request.op.path}`)) {
        console.info(
          `${injection.method} ${shorten(injection.url, 120)} ${shorten(String(injection.payload ?? ''), 200)} → ${response.statusCode} ${shorten(response.body, 200)}`,
        );
      }
      const tally = (answered[`${request.op.method} ${request.op.path}`] ??= {});
      tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
      tally[0] = (tally[0] ?? 0) + Math.round(performance.now() - started); // milliseconds
      const after = performance.now();
      await keepSignedIn(request.op);
      if (sent % 500 === 0) await refreshWorks();
      timing.after += performance.now() - after;
      const failure = describeFailure(injection, response);
      if (!failure) return;
      const kind = `${request.op.method} ${request.op.path} → ${response.statusCode}`;
      faults.push(kind);
      if (seen.has(kind)) return;
      seen.add(kind);
      const cause = logged
        .map((line) => (JSON.parse(line) as { err?: { stack?: string } }).err?.stack?.split('\n').slice(0, 4).join(' | '))
        .find(Boolean);
      console.error(
        `${kind}: ${failure}\n  ${injection.method} ${shorten(injection.url)}\n  headers ${shorten(JSON.stringify(injection.headers))}\n` +
          `  payload ${shorten(JSON.stringify(typeof injection.payload === 'string' ? injection.payload : injection.payload ? `<${injection.payload.length} bytes>` : undefined) ?? '')}\n` +
          `  answer ${shorten(response.body)}\n  cause ${cause ?? '(none logged)'}`,
      );
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  if (process.env.FUZZ_VERBOSE) for (const [route, tally] of Object.entries(answered)) console.info(`${route}: ${JSON.stringify(tally)}`);
  if (process.env.FUZZ_VERBOSE) console.info(`timing: ${JSON.stringify({ ...timing, total: performance.now() - timing.begun })}`);
  const serverErrors = faults.filter((fault) => / → 5\d\d$/.test(fault)).length;
  console.info(
    `fuzz: ${sent} requests over ${operations.length} operations, ${faults.length} failures (${serverErrors} of them 5xx) of ${seen.size} kinds`,
  );
  expect(faults, `failures by route (first of each kind printed above):\n${[...seen].join('\n')}`).toEqual([]);
});

const PROVIDER_NOTIFICATION = /^\/api\/payments\/[^/?]+\/notify(\?|$)/;
/** The sandbox's stand-in for Alipay's authorization page: a page for a person, answered in HTML (docs/withdrawals.md). */
const SANDBOX_AUTHORIZATION_PAGE = /^\/api\/withdraw\/alipay\/sandbox-authorize(\?|$)/;

/** Why an answer is wrong: a 5xx, or an API failure that is not the `{code, msg}` envelope. */
function describeFailure(
  injection: Injection,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
): string | undefined {
  if (response.statusCode >= 500) return `HTTP ${response.statusCode}`;
  const url = injection.url;
  if (response.statusCode < 400 || injection.method === 'HEAD' || !/^\/(api|files)\//.test(url) || url.startsWith('/api/docs'))
    return undefined;
  // A payment provider reads a refusal in its own format (docs/payments.md), not in our envelope.
  if (PROVIDER_NOTIFICATION.test(url)) return undefined;
  if (SANDBOX_AUTHORIZATION_PAGE.test(url)) return undefined;
  try {
    const body = JSON.parse(response.body) as { code?: unknown; msg?: unknown };
    if (typeof body.code === 'number' && body.code !== 0 && typeof body.msg === 'string' && body.msg.length > 0) return undefined;
  } catch {
    // not JSON
  }
  return `HTTP ${response.statusCode} without the error envelope`;
}
