import { Type } from 'typebox';

/** Request and response shapes of the development routes; they validate input and write the OpenAPI document. */
export const OutboxQuery = Type.Object({ phoneNumber: Type.Optional(Type.String({ maxLength: 32 })) });

export const OutboxSchema = Type.Array(
  Type.Object({ phoneNumber: Type.String(), purpose: Type.String(), code: Type.String(), text: Type.String(), sentAt: Type.Integer() }),
);

export const BillDayParams = Type.Object({ day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) });

export const BilledDaySchema = Type.Object({ bills: Type.Integer() });
