import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, type Language } from '@spatia/contract';
import { AppError, ValidationError } from '../lib/app-error.js';
import type { Logger } from '../lib/logger.js';
import { translate, translateProblem, type MessageKey, type ValidationProblem } from '../lib/messages.js';

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * One place turns every failure into the envelope `{code, msg}` with the message in the caller's
 * language. Unexpected errors are logged with the request id, and only that id reaches the client.
 */
export const errorHandlerPlugin = fp<{ logger: Logger }>(
  async (app, { logger }) => {
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof ValidationError) {
        return sendValidation(reply, request.language, error.field, error.problem, error.problemParams);
      }
      if (error instanceof AppError) {
        return reply
          .status(error.httpStatus)
          .send({ code: error.code, msg: translate(error.messageKey, request.language, error.params) });
      }
      if (error.validation) {
        const [first] = error.validation as unknown as SchemaError[];
        return sendSchemaError(reply, request, first, error.validationContext);
      }
      const status = error.statusCode ?? 500;
      if (status < 500) return sendClientError(reply, request, status);
      logger.error({ err: error, reqId: request.id, req: { method: request.method, url: request.url } }, 'unhandled error');
      return reply
        .status(500)
        .send({ code: ErrorCode.internal, msg: translate('internal', request.language, { requestId: request.id }) });
    });
  },
  { name: 'error-handler', dependencies: ['language'] },
);

function sendValidation(
  reply: FastifyReply,
  language: Language,
  field: string,
  problem: ValidationProblem,
  params: Record<string, string | number> = {},
) {
  return reply.status(400).send({
    code: ErrorCode.validation,
    msg: translate('validation', language, { field, problem: translateProblem(problem, language, params) }),
  });
}

function sendSchemaError(reply: FastifyReply, request: FastifyRequest, error: SchemaError | undefined, context?: string) {
  if (!error) return sendValidation(reply, request.language, context ?? 'body', 'invalid');
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = error.params.missingProperty;
  const extra = error.params.additionalProperty;
  const field = typeof missing === 'string' ? missing : typeof extra === 'string' ? extra : path || (context ?? 'body');
  const [problem, params] = describeSchemaError(error);
  return sendValidation(reply, request.language, field, problem, params);
}

function describeSchemaError(error: SchemaError): [ValidationProblem, Record<string, string | number>] {
  const limit = Number(error.params.limit ?? 0);
  switch (error.keyword) {
    case 'required':
      return ['required', {}];
    case 'type':
      return ['type', { type: String(error.params.type) }];
    case 'minLength':
      return ['minLength', { limit }];
    case 'maxLength':
      return ['maxLength', { limit }];
    case 'minimum':
    case 'exclusiveMinimum':
      return ['minimum', { limit }];
    case 'maximum':
    case 'exclusiveMaximum':
      return ['maximum', { limit }];
    case 'pattern':
      return ['pattern', {}];
    case 'format':
      return ['format', {}];
    case 'enum':
    case 'const': {
      const allowed = error.params.allowedValues ?? error.params.allowedValue;
      return ['enum', { allowed: Array.isArray(allowed) ? allowed.join(', ') : String(allowed) }];
    }
    case 'additionalProperties':
      return ['additionalProperties', {}];
    default:
      return ['invalid', {}];
  }
}

/** Fastify's own 4xx failures (malformed bodies, oversize payloads…) as envelope codes and messages. */
const CLIENT_ERRORS: Record<number, [number, MessageKey]> = {
  401: [ErrorCode.unauthenticated, 'unauthenticated'],
  403: [ErrorCode.forbidden, 'forbidden'],
  404: [ErrorCode.notFound, 'notFound'],
  405: [ErrorCode.methodNotAllowed, 'methodNotAllowed'],
  413: [ErrorCode.payloadTooLarge, 'payloadTooLarge'],
  415: [ErrorCode.badRequest, 'unsupportedMediaType'],
  429: [ErrorCode.tooManyRequests, 'tooManyRequests'],
};

function sendClientError(reply: FastifyReply, request: FastifyRequest, status: number) {
  const [code, key] = CLIENT_ERRORS[status] ?? [ErrorCode.badRequest, 'badRequest'];
  return reply.status(status).send({ code, msg: translate(key, request.language) });
}
