import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PHONE_PATTERN } from '@spatia/contract';

/**
 * Local stand-ins for Aliyun SMS and Tencent Cloud SMS that check what the real services check: the
 * request signature (recomputed from the documented algorithms, with the secret only the stand-in and
 * the driver know), the required fields, and the timestamp. Each records the messages it accepted.
 */
export interface StandIn {
  endpoint: string;
  accepted: Record<string, unknown>[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function reply(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  accepted: Record<string, unknown>[],
): Promise<StandIn> {
  const server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => reply(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { endpoint: `http://127.0.0.1:${port}`, accepted, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Aliyun Dysmsapi SendSms with signature V3 (ACS3-HMAC-SHA256). */
export function startAliyunStandIn(keys: { accessKeyId: string; accessKeySecret: string }): Promise<StandIn> {
  const accepted: Record<string, unknown>[] = [];
  const nonces = new Set<string>();
  return listen(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const header = (name: string) => String(request.headers[name] ?? '').trim();
    const authorization = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(header('authorization'));
    if (!authorization) return reply(response, 400, { Code: 'MissingAuthorization', Message: 'no ACS3 authorization' });
    const [, accessKeyId, signedHeaderList, signature] = authorization as unknown as [string, string, string, string];
    const signedHeaders = signedHeaderList.split(';');
    const required = ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'];
    if (accessKeyId !== keys.accessKeyId) return reply(response, 404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'unknown key' });
    if (!required.every((name) => signedHeaders.includes(name)))
      return reply(response, 400, { Code: 'IncompleteSignature', Message: 'headers not signed' });
    if (sha256(body) !== header('x-acs-content-sha256'))
      return reply(response, 400, { Code: 'InvalidContentSha256', Message: 'payload hash' });
    if (Math.abs(Date.parse(header('x-acs-date')) - Date.now()) > 15 * 60 * 1000)
      return reply(response, 400, { Code: 'InvalidTimeStamp.Expired', Message: 'date' });
    if (nonces.has(header('x-acs-signature-nonce'))) return reply(response, 400, { Code: 'SignatureNonceUsed', Message: 'nonce' });

    const query = [...url.searchParams.entries()]
      .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    const canonicalHeaders = signedHeaders.map((name) => `${name}:${header(name)}\n`).join('');
    const canonicalRequest = [request.method, url.pathname, query, canonicalHeaders, signedHeaderList, sha256(body)].join('\n');
    const expected = createHmac('sha256', keys.accessKeySecret)
      .update(`ACS3-HMAC-SHA256\n${sha256(canonicalRequest)}`)
      .digest('hex');
    if (expected !== signature) return reply(response, 400, { Code: 'SignatureDoesNotMatch', Message: 'signature' });
    nonces.add(header('x-acs-signature-nonce'));

    const parameters = Object.fromEntries(new URLSearchParams(body.length ? body.toString() : url.search));
    if (header('x-acs-action') !== 'SendSms' || header('x-acs-version') !== '2017-05-25')
      return reply(response, 400, { Code: 'InvalidAction', Message: 'action' });
    for (const field of ['PhoneNumbers', 'SignName', 'TemplateCode']) {
      if (!parameters[field]) return reply(response, 400, { Code: 'MissingParameter', Message: field });
    }
    if (!PHONE_PATTERN.test(String(parameters.PhoneNumbers)))
      return reply(response, 200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'bad number', RequestId: 'r' });
    accepted.push(parameters);
    return reply(response, 200, { Code: 'OK', Message: 'OK', BizId: String(accepted.length), RequestId: 'r' });
  }, accepted);
}

/** Tencent Cloud SMS SendSms (2021-01-11) with signature TC3-HMAC-SHA256. */
export function startTencentStandIn(keys: { secretId: string; secretKey: string }): Promise<StandIn> {
  const accepted: Record<string, unknown>[] = [];
  const fail = (response: ServerResponse, code: string, message: string) =>
    reply(response, 200, { Response: { Error: { Code: code, Message: message }, RequestId: 'r' } });
  return listen(async (request, response) => {
    const body = await readBody(request);
    const header = (name: string) => String(request.headers[name] ?? '').trim();
    const authorization =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
        header('authorization'),
      );
    if (!authorization) return fail(response, 'AuthFailure.SignatureFailure', 'no TC3 authorization');
    const [, secretId, date, service, signedHeaderList, signature] = authorization as unknown as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (secretId !== keys.secretId) return fail(response, 'AuthFailure.SecretIdNotFound', 'unknown secret id');
    const timestamp = Number(header('x-tc-timestamp'));
    if (Math.abs(timestamp * 1000 - Date.now()) > 5 * 60 * 1000) return fail(response, 'AuthFailure.SignatureExpire', 'timestamp');
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return fail(response, 'AuthFailure.InvalidAuthorization', 'date');
    const signedHeaders = signedHeaderList.split(';');
    if (!signedHeaders.includes('host') || !signedHeaders.includes('content-type'))
      return fail(response, 'AuthFailure.InvalidAuthorization', 'headers');

    // The real endpoint is reached on the default port, so its Host never has one; this stand-in listens
    // on another port, and the SDK signs the host name alone.
    const signedValue = (name: string) => (name === 'host' ? header(name).replace(/:\d+$/, '') : header(name)).toLowerCase();
    const canonicalHeaders = signedHeaders.map((name) => `${name}:${signedValue(name)}\n`).join('');
    const canonicalRequest = [request.method, '/', '', canonicalHeaders, signedHeaderList, sha256(body)].join('\n');
    const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/${service}/tc3_request`, sha256(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(`TC3${keys.secretKey}`, date), service), 'tc3_request');
    if (createHmac('sha256', signingKey).update(stringToSign).digest('hex') !== signature)
      return fail(response, 'AuthFailure.SignatureFailure', 'AuthFailure.SignatureFailure: the signature does not match');

    if (header('x-tc-action') !== 'SendSms' || header('x-tc-version') !== '2021-01-11') return fail(response, 'InvalidAction', 'action');
    const parameters = JSON.parse(body.toString()) as Record<string, unknown>;
    for (const field of ['PhoneNumberSet', 'SmsSdkAppId', 'SignName', 'TemplateId']) {
      if (!parameters[field]) return fail(response, 'MissingParameter', field);
    }
    const phone = String((parameters.PhoneNumberSet as string[])[0]);
    if (!(phone.startsWith('+86') && PHONE_PATTERN.test(phone.slice(3)))) {
      return reply(response, 200, {
        Response: {
          SendStatusSet: [{ Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'bad number', PhoneNumber: phone }],
          RequestId: 'r',
        },
      });
    }
    accepted.push(parameters);
    return reply(response, 200, {
      Response: {
        SendStatusSet: [{ Code: 'Ok', Message: 'send success', PhoneNumber: phone, SerialNo: String(accepted.length) }],
        RequestId: 'r',
      },
    });
  }, accepted);
}
