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

/** Without pollToken: a new ticket, always pending (QrTicket). */
const NewTicketSchema = Type.Object({
  ticket: Type.String(),
  pollToken: Type.String(),
  confirmUrl: Type.String(),
  expiresAt: Type.Integer(),
  status: Type.Literal('pending'),
});

/** With pollToken: where the ticket stands (QrTicketState); `login` comes with 'confirmed', with the token header. */
const TicketStateSchema = Type.Object({
  status: Status,
  expiresAt: Type.Integer(),
  login: Type.Optional(CodeLoginResultSchema),
});

/**
 * The two answers of `GET /api/qrcode/login`. The new ticket comes first: the serializer writes an answer with
 * the first shape it matches, and a new ticket would match the state too (losing its ticket and tokens).
 */
export const PollSchema = Type.Union([NewTicketSchema, TicketStateSchema]);

export const ScanBody = Type.Object({ ticket: Ticket });

export const ScannedSchema = Type.Object({
  status: Status,
  expiresAt: Type.Integer(),
  client: Type.Object({ userAgent: Type.String(), ip: Type.String() }),
});

export const ConfirmBody = Type.Object({ ticket: Ticket, accept: Type.Boolean() });

export const ConfirmedSchema = Type.Object({ status: Status });
