import { Type } from 'typebox';
import { CodeLoginResultSchema } from '../../lib/schemas.js';

/** Request and response shapes of QR sign-in; they validate input and write the OpenAPI document. */
export const tags = ['accounts'];

const Status = Type.Union([
  Type.Literal('pending'),
  Type.Literal('scanned'),
  Type.Literal('confirmed'),
  Type.Literal('declined'),
  Type.Literal('expired'),
]);
const Ticket = Type.String({ minLength: 16, maxLength: 64 });

export const PollQuery = Type.Object({ pollToken: Type.Optional(Ticket) });

export const PollSchema = Type.Object({
  status: Status,
  expiresAt: Type.Integer(),
  ticket: Type.Optional(Type.String()),
  pollToken: Type.Optional(Type.String()),
  confirmUrl: Type.Optional(Type.String()),
  login: Type.Optional(CodeLoginResultSchema),
});

export const ScanBody = Type.Object({ ticket: Ticket });

export const ScannedSchema = Type.Object({
  status: Status,
  expiresAt: Type.Integer(),
  client: Type.Object({ userAgent: Type.String(), ip: Type.String() }),
});

export const ConfirmBody = Type.Object({ ticket: Ticket, accept: Type.Boolean() });

export const ConfirmedSchema = Type.Object({ status: Status });
