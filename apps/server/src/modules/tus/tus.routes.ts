import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { TUS_PATH, type ResumableUploads } from './resumable-uploads.js';

/** Headers Fastify writes itself from what is sent. */
const OWN_HEADERS = new Set(['content-length', 'content-type']);

/**
 * `/api/tus` and `/api/tus/{id}`: the tus 1.0 protocol (creation, creation-with-upload, termination,
 * expiration), answered by ResumableUploads. Bodies are not parsed here: the content-type parser
 * leaves `application/offset+octet-stream` unread, so the 1 MiB body limit of JSON and forms does
 * not apply and tus streams each PATCH to its store. Failures are the usual envelope.
 */
export const tusRoutes: FastifyPluginAsync<{ uploads: ResumableUploads; countBytes: (bytes: number) => void }> = async (
  app,
  { uploads, countBytes },
) => {
  // Encapsulated: only these routes leave this content type unread.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await uploads.handle(toWebRequest(request, reply, countBytes));
    for (const [name, value] of answer.response.headers) {
      if (!OWN_HEADERS.has(name)) reply.header(name, value);
    }
    if (answer.failure !== undefined) throw answer.failure;
    const status = answer.response.status;
    if (answer.completed?.data !== undefined && request.method !== 'HEAD') {
      // The registrant's answer for the finished upload: 200 instead of 204 (a creation stays 201).
      return reply.status(status === 204 ? 200 : status).send(ok(answer.completed.data));
    }
    return reply.status(status).send();
  };

  for (const url of [TUS_PATH, `${TUS_PATH}/:id`]) {
    app.route({
      method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url,
      // Protocol answers are empty or tiny; request bodies are never compressed.
      compress: false,
      decompress: false,
      // No session: each upload is authorized by its upload grant (docs/uploads.md).
      config: { auth: 'anyone' },
      schema: { hide: true },
      handler,
    });
  }
};

/**
 * The request as tus reads it: a web Request whose body streams from the socket, untouched so far.
 * It carries the Node request as srvx's requests do (`runtime.node`), so that tus, as in its own
 * `handle()`, ends the write gracefully when the client goes away: the bytes that arrived are kept
 * (the S3 store would otherwise drop a pending part) and the client resumes from them.
 */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, countBytes: (bytes: number) => void): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method === 'PATCH' || request.method === 'POST';
  const init: RequestInit & { duplex: 'half' } = {
    method: request.method,
    headers,
    body: hasBody ? countedBody(Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, countBytes) : null,
    duplex: 'half',
  };
  const webRequest = new Request(`http://localhost${request.url.split('?')[0]}`, init);
  return Object.assign(webRequest, { runtime: { name: 'node', node: { req: request.raw, res: reply.raw } } });
}

/** The body as it streams in, each chunk counted as received (the upload-bytes metric). */
function countedBody(body: ReadableStream<Uint8Array>, countBytes: (bytes: number) => void): ReadableStream<Uint8Array> {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        countBytes(chunk.byteLength);
        controller.enqueue(chunk);
      },
    }),
  );
}
