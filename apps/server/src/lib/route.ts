import type { FastifyContextConfig } from 'fastify';
import type { TSchema } from 'typebox';
import type { AuthRule } from '../types/fastify.js';
import { responses } from './envelope.js';

type MaybeSchema = TSchema | undefined;

/** What a route declares besides its method, path and handler. */
export interface RouteDeclaration<
  Params extends MaybeSchema,
  Query extends MaybeSchema,
  Body extends MaybeSchema,
  Headers extends MaybeSchema,
  Data extends MaybeSchema,
> {
  summary: string;
  description?: string;
  params?: Params;
  querystring?: Query;
  body?: Body;
  headers?: Headers;
  consumes?: string[];
  /** The spec's client sends this body's fields in the query string too (plugins/query-params.ts). */
  acceptQueryParams?: true;
  /** The `data` of a success, answered in the envelope; none for routes that answer something else (files, redirects). */
  data?: Data;
  /** The error statuses the route itself answers; its rule's own (401, 403) are added. */
  failures?: readonly number[];
}

/**
 * The `schema` Fastify reads: what is not declared stays `undefined`, so that TypeBox's type provider
 * types `request.params`, `query`, `body` and `headers` and the handler's answer from what is.
 */
interface RouteSchema<
  Params extends MaybeSchema,
  Query extends MaybeSchema,
  Body extends MaybeSchema,
  Headers extends MaybeSchema,
  Data extends MaybeSchema,
> {
  tags: string[];
  summary: string;
  description?: string;
  consumes?: string[];
  params: Params;
  querystring: Query;
  body: Body;
  headers: Headers;
  response: Data extends TSchema ? ReturnType<typeof responses<Data>> : undefined;
}

/** The failures the auth plugin answers before the handler runs (plugins/auth.ts). */
function failuresOfRule(auth: AuthRule): number[] {
  if (auth === 'anyone' || auth === 'public') return [];
  return auth === 'signedIn' ? [401] : [401, 403];
}

/**
 * Route options for one kind of caller and one section of the API document:
 * `const adminRoute = routesFor({ role: Role.admin }, tags)`, then
 * `app.post(path, adminRoute({ summary, params, data, failures }), handler)`.
 */
export function routesFor(auth: AuthRule, tags: string[]) {
  const ruleFailures = failuresOfRule(auth);
  return <
    Params extends MaybeSchema = undefined,
    Query extends MaybeSchema = undefined,
    Body extends MaybeSchema = undefined,
    Headers extends MaybeSchema = undefined,
    Data extends MaybeSchema = undefined,
  >(
    declaration: RouteDeclaration<Params, Query, Body, Headers, Data>,
  ) => {
    const { acceptQueryParams, data, failures = [], ...schema } = declaration;
    const response = data && responses(data, [...new Set([...ruleFailures, ...failures])]);
    const config: FastifyContextConfig = acceptQueryParams ? { auth, acceptQueryParams } : { auth };
    return {
      config,
      schema: { tags, ...schema, ...(response && { response }) } as RouteSchema<Params, Query, Body, Headers, Data>,
    };
  };
}
