import { Type } from 'typebox';

/** The health answer's shape; it writes the OpenAPI document. */
export const HealthStatus = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String(),
});
