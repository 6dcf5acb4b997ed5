import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../drivers/storage/s3-storage.js';

/**
 * s3rver on loopback (random port, temporary folder) made to check what S3 checks and to answer the
 * multipart calls it lacks:
 * - every request's Signature Version 4 is recomputed with the secret only the stand-in and the client
 *   know (s3rver itself accepts any V4 signature), so a wrong key fails as it would on S3;
 * - ListParts, AbortMultipartUpload and ListMultipartUploads (which @tus/s3-store needs) are answered
 *   from s3rver's own on-disk upload folders.
 * Only path-style addressing (`S3_FORCE_PATH_STYLE=true`), as with MinIO and most self-hosted stores.
 */
export interface S3StandIn {
  config: S3StorageConfig;
  /** Calls answered, by S3 operation name (`PutObject`, `UploadPart`…), for assertions. */
  calls: string[];
  close(): Promise<void>;
}

const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const BUCKET = 'spatia-test';

export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'spatia-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const calls: string[] = [];
  const uploadsFolder = (bucket: string) => server.store.getResourcePath(bucket, undefined, 'uploads');

  server.middleware.unshift(async (context, next) => {
    const failure = checkSignature(context.method, context.req.url ?? '/', context.req.headers);
    if (failure) return sendError(context, 403, failure, 'The request signature we calculated does not match the signature you provided.');
    const [bucket = '', ...keyParts] = context.path.replace(/^\//, '').split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const uploadId = context.query.uploadId;
    calls.push(operationOf(context.method, key, context.query, 'x-amz-copy-source' in context.req.headers));
    if (context.method === 'GET' && key && uploadId && !context.query.partNumber) {
      const parts = await listParts(path.join(uploadsFolder(bucket), uploadId));
      if (!parts) return sendError(context, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      return sendXml(context, 'ListPartsResult', [
        tag('Bucket', bucket),
        tag('Key', key),
        tag('UploadId', uploadId),
        tag('IsTruncated', 'false'),
        ...parts.map(
          (part) =>
            `<Part>${tag('PartNumber', String(part.number))}${tag('ETag', `"${part.etag}"`)}${tag('Size', String(part.size))}</Part>`,
        ),
      ]);
    }
    if (context.method === 'DELETE' && key && uploadId) {
      const folder = path.join(uploadsFolder(bucket), uploadId);
      if (!(await exists(folder))) return sendError(context, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      await rm(folder, { recursive: true, force: true });
      context.status = 204;
      return;
    }
    if (context.method === 'GET' && !key && 'uploads' in context.query) {
      const uploads = await listUploads(uploadsFolder(bucket));
      return sendXml(context, 'ListMultipartUploadsResult', [
        tag('Bucket', bucket),
        tag('IsTruncated', 'false'),
        ...uploads.map(
          (upload) =>
            `<Upload>${tag('Key', upload.key)}${tag('UploadId', upload.uploadId)}${tag('Initiated', upload.initiated.toISOString())}</Upload>`,
        ),
      ]);
    }
    return next();
  });

  const { port } = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    calls,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The name of the S3 operation a request is, as far as these tests need to tell them apart. */
function operationOf(method: string, key: string, query: Record<string, string | undefined>, copies: boolean): string {
  if (!key) return 'uploads' in query ? 'ListMultipartUploads' : `${method}Bucket`;
  if (method === 'POST') return 'uploads' in query ? 'CreateMultipartUpload' : 'CompleteMultipartUpload';
  if (method === 'PUT' && query.uploadId) return copies ? 'UploadPartCopy' : 'UploadPart';
  if (method === 'PUT') return copies ? 'CopyObject' : 'PutObject';
  if (method === 'HEAD') return 'HeadObject';
  if (method === 'GET') return query.uploadId ? 'ListParts' : 'GetObject';
  if (method === 'DELETE') return query.uploadId ? 'AbortMultipartUpload' : 'DeleteObject';
  return `${method}Object`;
}

/** Signature Version 4 recomputed from the request; undefined when it matches. */
function checkSignature(method: string, rawUrl: string, headers: Record<string, string | string[] | undefined>): string | undefined {
  const authorization = String(headers.authorization ?? '');
  if (!authorization) return undefined; // anonymous requests: s3rver treats them as public reads
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return 'AuthorizationHeaderMalformed';
  const [, accessKeyId, date, region, signedHeaderList, signature] = match as unknown as [string, string, string, string, string, string];
  if (accessKeyId !== ACCESS_KEY_ID) return 'InvalidAccessKeyId';
  const amzDate = String(headers['x-amz-date'] ?? '');
  const payloadHash = String(headers['x-amz-content-sha256'] ?? '');
  if (!amzDate.startsWith(date) || !payloadHash) return 'SignatureDoesNotMatch';
  const [pathPart = '/', queryPart = ''] = rawUrl.split('?', 2);
  const canonicalQuery = queryPart
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=', 2);
      return [strictEncode(decodeURIComponent(name)), strictEncode(decodeURIComponent(value.replaceAll('+', ' ')))] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = signedHeaderList.split(';');
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [method, pathPart, canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  let key: Buffer = hmac(`AWS4${SECRET_ACCESS_KEY}`, date);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  return hmac(key, stringToSign).toString('hex') === signature ? undefined : 'SignatureDoesNotMatch';
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function strictEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

async function listParts(folder: string): Promise<{ number: number; etag: string; size: number }[] | undefined> {
  if (!(await exists(folder))) return undefined;
  const numbers = (await readdir(folder))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  return Promise.all(
    numbers.map(async (number) => ({
      number,
      etag: (await readFile(path.join(folder, `${number}.md5`), 'utf8')).trim(),
      size: (await stat(path.join(folder, String(number)))).size,
    })),
  );
}

async function listUploads(root: string): Promise<{ key: string; uploadId: string; initiated: Date }[]> {
  if (!(await exists(root))) return [];
  return Promise.all(
    (await readdir(root)).map(async (uploadId) => ({
      uploadId,
      key: await readFile(path.join(root, uploadId, 'key'), 'utf8'),
      initiated: await initiatedAt(path.join(root, uploadId)),
    })),
  );
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

function tag(name: string, value: string): string {
  const escaped = value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<${name}>${escaped}</${name}>`;
}

function sendXml(context: { status: number; type: string; body: unknown }, root: string, children: string[]) {
  context.status = 200;
  context.type = 'application/xml';
  context.body = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${children.join('')}</${root}>`;
}

function sendError(context: { status: number; type: string; body: unknown }, status: number, code: string, message: string) {
  context.status = status;
  context.type = 'application/xml';
  context.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${tag('Code', code)}${tag('Message', message)}</Error>`;
}

async function initiatedAt(folder: string): Promise<Date> {
  const found = await stat(folder);
  return found.birthtimeMs > 0 ? found.birthtime : found.mtime;
}
