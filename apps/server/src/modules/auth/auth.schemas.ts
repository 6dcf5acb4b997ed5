import { Type } from 'typebox';
import { Password, PhoneNumber } from '../../lib/schemas.js';

/** Request and response shapes of sign-in and sessions; they validate input and write the OpenAPI document. */
export const tags = ['accounts'];

export const LoginBody = Type.Object({ phoneNumber: PhoneNumber, password: Password });

const SessionSchema = Type.Object({
  id: Type.Integer(),
  userAgent: Type.String(),
  ip: Type.String(),
  createdAt: Type.Integer(),
  lastSeenAt: Type.Integer(),
  current: Type.Boolean(),
});

export const SessionListSchema = Type.Array(SessionSchema);

export const SessionIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const Revoked = Type.Object({ revoked: Type.Integer() });
