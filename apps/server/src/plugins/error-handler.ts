import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, type Language } from '@spatia/contract';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { AppError, ValidationError } from '../lib/app-error.js';
import type { Logger } from '../lib/logger.js';
import { NUL_KEYWORD } from '../lib/safe-input.js';
import { languageOf } from './language.js';
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
      // Every 429 of the app says when to come back, whoever raised it.
      if ((error instanceof AppError ? error.httpStatus : error.statusCode) === 429) {
        reply.header('retry-after', retryAfterHeader(error instanceof AppError ? error.retryAfterSeconds : undefined));
      }
      if (error instanceof ValidationError) {
        return sendValidation(reply, request.language, error.field, error.problem, error.problemParams);
      }
      if (error instanceof AppError) {
        return reply.status(error.httpStatus).send({ code: error.code, msg: translate(error.messageKey, request.language, error.params) });
      }
      if (error.validation) {
        const [first] = error.validation as unknown as SchemaError[];
        return sendSchemaError(reply, request, first, error.validationContext);
      }
      if (isValueRefusedByDatabase(error)) {
        // The input rules should have stopped it (lib/safe-input.ts): logged so that one can be added.
        logger.warn(
          { err: error, reqId: request.id, req: { method: request.method, url: request.url } },
          'the database refused a value of the request',
        );
        return sendClientError(reply, request, 400);
      }
      const status = error.statusCode ?? 500;
      if (status < 500) return sendClientError(reply, request, status);
      if (isDatabaseUnavailable(error)) {
        logger.warn({ err: error, reqId: request.id, req: { method: request.method, url: request.url } }, 'the database is unreachable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ code: ErrorCode.unavailable, msg: translate('unavailable', request.language) });
      }
      logger.error({ err: error, reqId: request.id, req: { method: request.method, url: request.url } }, 'unhandled error');
      return reply.status(500).send({ code: ErrorCode.internal, msg: translate('internal', request.language, { requestId: request.id }) });
    });
  },
  { name: 'error-handler', dependencies: ['language'] },
);

/** A database restart or failover takes seconds: come back soon. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Seconds for `Retry-After`: a whole number, at least 1; a minute when the refusal did not say. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

function retryAfterHeader(seconds: number | undefined): string {
  return String(Math.max(1, Math.ceil(seconds ?? DEFAULT_RETRY_AFTER_SECONDS)));
}

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
    case 'minItems':
      return ['minItems', { limit }];
    case 'maxItems':
      return ['tooManyItems', { limit }];
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
    case NUL_KEYWORD:
      return ['nulCharacter', {}];
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

/**
 * Fastify's `frameworkErrors` (app.ts): what it answers before any route or hook runs, such as a URL
 * whose percent-encoding is broken (FST_ERR_BAD_URL) or a path parameter over its length limit
 * (FST_ERR_MAX_PARAM_LENGTH), as the envelope too.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Fastify builds this request from its undecorated class: `request.language` is not there.
  const language = languageOf(request);
  const status = error.statusCode ?? 500;
  // Fastify's framework-error hook ignores what it returns: the reply is sent here.
  if (status < 500) {
    const [code, key] = CLIENT_ERRORS[status] ?? [ErrorCode.badRequest, 'badRequest'];
    void reply.status(status).send({ code, msg: translate(key, language) });
  } else {
    void reply.status(500).send({ code: ErrorCode.internal, msg: translate('internal', language, { requestId: request.id }) });
  }
}

/**
 * SQLSTATEs only a value can cause: U+0000 or bytes the encoding lacks in text (22021, 22P05), a
 * number out of its column's range (22003), a date out of range (22008). PGlite and PostgreSQL set
 * them alike; Drizzle wraps the driver's error as `cause`.
 */
const VALUE_REFUSED = new Set(['22021', '22P05', '22003', '22008']);

function isValueRefusedByDatabase(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && VALUE_REFUSED.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function sendClientError(reply: FastifyReply, request: FastifyRequest, status: number) {
  const [code, key] = CLIENT_ERRORS[status] ?? [ErrorCode.badRequest, 'badRequest'];
  return reply.status(status).send({ code, msg: translate(key, request.language) });
}
