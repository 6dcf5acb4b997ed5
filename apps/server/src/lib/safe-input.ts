/**
 * The rules every route's input obeys, whatever its schema says, applied where Fastify validates
 * (its Ajv, through `ajv.plugins` in app.ts), so no route can forget them:
 *
 * - **Numbers are finite and bounded.** Ajv coerces query and form strings to numbers with `+value`,
 *   so `Infinity`, `-Infinity` and `1e309` become Infinity, and its `minimum`/`maximum` checks skip
 *   non-finite numbers: `latitude=Infinity` passed `maximum: 90`. Every number of the input must be
 *   finite and within ±Number.MAX_SAFE_INTEGER, and an integer whose schema sets no bound of its own
 *   is held to PostgreSQL's `integer` (±2^31); schemas that need more (epoch milliseconds) say so.
 * - **Text holds no NUL.** PostgreSQL cannot store U+0000 in text (it throws), and no name, key or
 *   parameter of ours has a use for it: no string anywhere in the input, keys included, may hold one.
 *
 * A value that breaks a rule fails validation like any other: code 1001 naming the field.
 */
import type { FastifyServerOptions } from 'fastify';

/** Ajv's error keyword for a string that holds U+0000; the error handler words it. */
export const NUL_KEYWORD = 'nulCharacter';
/** The keyword put on the root of every compiled input schema. */
const SAFE_INPUT_KEYWORD = 'safeInput';

export const INTEGER_DEFAULT_MINIMUM = -(2 ** 31);
export const INTEGER_DEFAULT_MAXIMUM = 2 ** 31 - 1;

interface KeywordError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/** An entry of Fastify's `ajv.plugins`, and the Ajv instance it is given (Fastify owns Ajv and its version). */
type AjvPlugin = Extract<NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number], (...args: never[]) => unknown>;
type Ajv = Parameters<AjvPlugin>[0];

type Schema = Record<string, unknown>;

/** Fastify `ajv.plugins` entry: adds the check and puts it (and integer bounds) on every compiled schema. */
export const safeInputPlugin: AjvPlugin = (ajv: Ajv) => {
  const validate = Object.assign(
    (_schema: unknown, data: unknown): boolean => {
      const error = findUnsafeValue(data);
      validate.errors = error ? [error] : undefined;
      return !error;
    },
    { errors: undefined as KeywordError[] | undefined },
  );
  // `post`: after every other keyword of the root, so after Ajv has coerced the values below it.
  ajv.addKeyword({ keyword: SAFE_INPUT_KEYWORD, errors: true, post: true, validate });
  // Fastify's compiler calls ajv.compile once per route and part (body, querystring, params, headers).
  const compile = ajv.compile.bind(ajv);
  ajv.compile = ((schema: Parameters<typeof compile>[0], meta?: boolean) =>
    compile(hardenSchema(schema) as typeof schema, meta)) as typeof ajv.compile;
  return ajv;
};

/**
 * A copy of an input schema with the safe-input check on its root and default bounds on its
 * unbounded integers.
 */
export function hardenSchema(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  return { ...boundIntegers(schema), [SAFE_INPUT_KEYWORD]: true };
}

function boundIntegers(schema: Schema): Schema {
  const copy: Schema = { ...schema };
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) {
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = INTEGER_DEFAULT_MINIMUM;
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = INTEGER_DEFAULT_MAXIMUM;
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains']) {
    if (isSchema(copy[key])) copy[key] = boundIntegers(copy[key]);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']) {
    if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).map((item) => (isSchema(item) ? boundIntegers(item) : item));
  }
  for (const key of ['properties', 'patternProperties', 'definitions', '$defs']) {
    if (isSchema(copy[key])) {
      copy[key] = Object.fromEntries(Object.entries(copy[key]).map(([name, item]) => [name, isSchema(item) ? boundIntegers(item) : item]));
    }
  }
  return copy;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The first value of `data` that breaks the rules, as an Ajv error naming where it is. Iterative, so
 * a deeply nested JSON body cannot exhaust the stack.
 */
export function findUnsafeValue(data: unknown): KeywordError | undefined {
  const pending: [unknown, string][] = [[data, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { keyword: NUL_KEYWORD, instancePath: path, params: {}, message: 'must not contain U+0000' };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value))
        return { keyword: 'type', instancePath: path, params: { type: 'number' }, message: 'must be a finite number' };
      if (value > Number.MAX_SAFE_INTEGER) {
        return {
          keyword: 'maximum',
          instancePath: path,
          params: { comparison: '<=', limit: Number.MAX_SAFE_INTEGER },
          message: 'is too large',
        };
      }
      if (value < -Number.MAX_SAFE_INTEGER) {
        return {
          keyword: 'minimum',
          instancePath: path,
          params: { comparison: '>=', limit: -Number.MAX_SAFE_INTEGER },
          message: 'is too small',
        };
      }
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push([value[index], `${path}/${index}`]);
    } else if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value);
      // A key with NUL is reported at its object: the key itself is not printable in a message.
      if (keys.some((key) => key.includes('\u0000')))
        return { keyword: NUL_KEYWORD, instancePath: path, params: {}, message: 'must not contain U+0000' };
      for (const key of keys.reverse())
        pending.push([(value as Record<string, unknown>)[key], `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`]);
    }
  }
  return undefined;
}
