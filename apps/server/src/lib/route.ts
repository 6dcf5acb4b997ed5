import type { FastifyContextConfig } from 'fastify';
import { Role } from '@spatia/contract';
import type { TSchema } from 'typebox';
import type { AuthRule } from '../types/fastify.js';
import { responses } from './envelope.js';

/** Type parameters P, Q, B, H and D: the schemas of params, querystring, body, headers and the success's data. */
type MaybeSchema = TSchema | undefined;

/**
 * The request schemas of a route. One not declared stays `undefined`, so that TypeBox's type provider
 * types `request.params`, `query`, `body` and `headers` from those that are.
 */
interface RequestSchemas<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema, H extends MaybeSchema> {
  params: P;
  querystring: Q;
  body: B;
  headers: H;
}

interface Documentation {
  summary: string;
  description?: string;
  consumes?: string[];
}

/** What a route declares besides its method, path and handler. */
export type RouteDeclaration<
  P extends MaybeSchema,
  Q extends MaybeSchema,
  B extends MaybeSchema,
  H extends MaybeSchema,
  D extends MaybeSchema,
> = Documentation &
  Partial<RequestSchemas<P, Q, B, H>> & {
    /** The spec's client sends this body's fields in the query string too (plugins/query-params.ts). */
    acceptQueryParams?: true;
    /** The `data` of a success, answered in the envelope; none for routes that answer something else (files, redirects). */
    data?: D;
    /** The error statuses the route itself answers; its rule's own (401, 403) are added. */
    failures?: readonly number[];
  };

/** The `schema` Fastify reads: the answer's type comes from `response`. */
type RouteSchema<Requests, D extends MaybeSchema> = Documentation &
  Requests & { tags: string[]; response: D extends TSchema ? ReturnType<typeof responses<D>> : undefined };

/** The failures the auth plugin answers before the handler runs (plugins/auth.ts). */
function failuresOfRule(auth: AuthRule): number[] {
  if (auth === 'anyone' || auth === 'public') return [];
  return auth === 'signedIn' ? [401] : [401, 403];
}

/**
 * Route options for one section of the API document, by who may call the route:
 * `const route = routesFor(tags)`, then `app.post(path, route.admin({ summary, params, data, failures }), handler)`;
 * `route.for(rule)` gives the builder for any other rule (a permission, several roles).
 */
export function routesFor(tags: string[]) {
  const declare = (auth: AuthRule) => {
    const ruleFailures = failuresOfRule(auth);
    return <
      P extends MaybeSchema = undefined,
      Q extends MaybeSchema = undefined,
      B extends MaybeSchema = undefined,
      H extends MaybeSchema = undefined,
      D extends MaybeSchema = undefined,
    >(
      declaration: RouteDeclaration<P, Q, B, H, D>,
    ) => {
      const { acceptQueryParams, data, failures = [], ...schema } = declaration;
      const response = data && responses(data, [...new Set([...ruleFailures, ...failures])]);
      const config: FastifyContextConfig = acceptQueryParams ? { auth, acceptQueryParams } : { auth };
      return {
        config,
        schema: { tags, ...schema, ...(response && { response }) } as RouteSchema<RequestSchemas<P, Q, B, H>, D>,
      };
    };
  };
  return {
    anyone: declare('anyone'),
    public: declare('public'),
    signedIn: declare('signedIn'),
    admin: declare({ role: Role.admin }),
    for: declare,
  };
}
