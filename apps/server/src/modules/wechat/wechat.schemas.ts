import { Type } from 'typebox';
import { CodeFieldsSchema, CodeLoginResultSchema, PhoneNumber } from '../../lib/schemas.js';

/** Request and response shapes of WeChat sign-in; they validate input and write the OpenAPI document. */
export const tags = ['accounts'];

export const AuthorizeQuery = Type.Object({ redirect: Type.Optional(Type.String({ maxLength: 500 })) });

export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 200 })),
  state: Type.Optional(Type.String({ maxLength: 100 })),
});

export const CompleteBody = Type.Object({ handoff: Type.String({ minLength: 16, maxLength: 64 }) });

/** A session (the WeChat identity has an account), or a binding ticket (`unionId`) for binding a phone first. */
export const CompletedSchema = Type.Union([
  Type.Object({ bound: Type.Literal(true), login: CodeLoginResultSchema, redirect: Type.String() }),
  Type.Object({ bound: Type.Literal(false), unionId: Type.String(), nickname: Type.String(), redirect: Type.String() }),
]);

export const BindWechatBody = Type.Object({
  phoneNumber: PhoneNumber,
  unionId: Type.String({ minLength: 10, maxLength: 400 }),
  ...CodeFieldsSchema,
});
