import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { authHeaders } from './test-app.js';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = `----spatia${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs one file part (field `file` unless told), signed in with `token` when there is one. */
export function postFile(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  file: { field?: string; fileName: string; contentType: string; bytes: Buffer },
) {
  const body = multipartFile(file.field ?? 'file', file.fileName, file.contentType, file.bytes);
  return app.inject({ method: 'POST', url, headers: { ...(token ? authHeaders(token) : {}), ...body.headers }, payload: body.payload });
}
