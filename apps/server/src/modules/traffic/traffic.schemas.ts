import { Type } from 'typebox';

/** Request and response shapes of traffic; they validate input and write the OpenAPI document. */
export const tags = ['processing'];

export const TrafficSchema = Type.Object({
  days: Type.Array(Type.Object({ day: Type.String(), requests: Type.Integer(), bytes: Type.Integer() })),
  requests: Type.Integer(),
  bytes: Type.Integer(),
});

export const TrafficQuery = Type.Object({ days: Type.Integer({ minimum: 1, maximum: 366, default: 30 }) });
