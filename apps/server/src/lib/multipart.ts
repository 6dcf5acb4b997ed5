import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, invalid } from './app-error.js';

type TypedInstance = Parameters<FastifyPluginAsyncTypebox>[0];
type PartLimits = NonNullable<Parameters<FastifyRequest['file']>[0]>['limits'];

/**
 * Registers routes that read multipart bodies in a scope of their own: multipart is parsed there alone,
 * unless the app mounts it for everyone. Each read sets its own limits (readFilePart).
 */
export async function registerMultipartRoutes(app: FastifyInstance, register: (uploads: TypedInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    register(scope.withTypeProvider());
  });
}

/**
 * The multipart field `file`, read whole within `limits`. A body that is not multipart or has no such
 * field is invalid('file', 'required'); a file over the size limit is `uploadTooLarge`, naming `maxSize`.
 */
export async function readFilePart(
  request: FastifyRequest,
  limits: PartLimits,
  maxSize: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw invalid('file', 'required');
  const part = await request.file({ limits });
  if (!part || part.fieldname !== 'file') throw invalid('file', 'required');
  try {
    return { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw fail('uploadTooLarge', { max: maxSize });
    throw error;
  }
}

/** A form whose one file is the part `file` (a few text fields besides at most), of at most `maxBytes`. */
export function readSingleFile(request: FastifyRequest, maxBytes: number): Promise<{ fileName: string; bytes: Buffer }> {
  return readFilePart(request, { files: 1, fields: 4, parts: 5, fileSize: maxBytes }, `${maxBytes / 1024 / 1024} MB`);
}
