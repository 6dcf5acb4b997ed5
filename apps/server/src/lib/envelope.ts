import { Type, type TSchema } from 'typebox';

/** The success envelope `{code: 0, msg, data}` around a data schema. */
export function okEnvelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Literal(0), msg: Type.String(), data });
}

export const errorEnvelope = Type.Object(
  { code: Type.Integer({ description: 'non-zero; see docs/errors.md' }), msg: Type.String() },
  { $id: 'ErrorEnvelope' },
);

const errorRef = Type.Ref('ErrorEnvelope');

/** Response schemas of a route: its success shape plus the error envelope for the failures it can give. */
export function responses<T extends TSchema>(data: T, failures: readonly number[] = [400]) {
  return {
    200: okEnvelope(data),
    ...Object.fromEntries(failures.map((status) => [status, errorRef])),
  };
}

export function ok<T>(data: T): { code: 0; msg: string; data: T } {
  return { code: 0, msg: 'ok', data };
}

export const Nothing = Type.Null();
