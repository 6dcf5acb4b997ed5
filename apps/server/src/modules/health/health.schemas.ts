import { Type } from 'typebox';

/** The health answer's shape; it writes the OpenAPI document. */
export const HealthStatus = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String(),
});

/** Liveness: the process answers; nothing else is asked. */
export const Liveness = Type.Object({ status: Type.Literal('ok'), version: Type.String() });

/** Readiness: every dependency answered; `checks` names those asked. */
export const Readiness = Type.Object({
  status: Type.Literal('ready'),
  checks: Type.Array(Type.Union([Type.Literal('database'), Type.Literal('jobs'), Type.Literal('cache')])),
});
