import { Type } from 'typebox';

/** Request and response shapes of ticketed downloads; they validate input and write the OpenAPI document. */
export const TicketSchema = Type.Object({ url: Type.String(), expiresAt: Type.Integer() });

export const DownloadQuery = Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 64 })) });
