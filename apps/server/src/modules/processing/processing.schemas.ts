import { PROCESSING_FAILURES, PROCESSING_STAGES, PROCESSING_STATES } from '@spatia/contract';
import { Type } from 'typebox';

/** Request and response shapes of processing; they validate input and write the OpenAPI document. */
export const tags = ['processing'];

const literals = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ProcessingSchema = Type.Object({
  state: literals(PROCESSING_STATES),
  stage: nullable(literals(PROCESSING_STAGES)),
  progress: Type.Number(),
  failure: nullable(Type.Object({ reason: literals(PROCESSING_FAILURES), message: Type.String(), fileName: nullable(Type.String()) })),
  attempts: Type.Integer(),
  startedAt: nullable(Type.Integer()),
  finishedAt: nullable(Type.Integer()),
  sceneCount: Type.Integer(),
  points: nullable(Type.Object({ done: Type.Integer(), total: Type.Integer() })),
  hasOrigin: Type.Boolean({ description: 'Whether the work has an original file to process; without one a start is refused (1910)' }),
});

export const VerificationSchema = Type.Object({
  complete: Type.Boolean(),
  checklist: Type.Array(Type.Object({ item: literals(['name', 'cover', 'origin'] as const), ok: Type.Boolean() })),
  processing: ProcessingSchema,
});
