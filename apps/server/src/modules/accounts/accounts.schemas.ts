import { Type } from 'typebox';
import { CodeFieldsSchema, Password, PhoneNumber } from '../../lib/schemas.js';

/** Request and response shapes of sign-up, code sign-in and passwords; they validate input and write the OpenAPI document. */
export const tags = ['accounts'];

export const RegisteredSchema = Type.Object({ registered: Type.Boolean() });

export const RegisterBody = Type.Object({
  phoneNumber: PhoneNumber,
  password: Password,
  invitedCode: Type.Optional(Type.String({ maxLength: 16 })),
  fullName: Type.Optional(Type.String({ maxLength: 40 })),
  ...CodeFieldsSchema,
});

export const SmsLoginBody = Type.Object({ phoneNumber: PhoneNumber, ...CodeFieldsSchema });

export const PasswordResetBody = Type.Object({ phoneNumber: PhoneNumber, newPwd: Password, ...CodeFieldsSchema });

export const PasswordChangeBody = Type.Object({ currentPassword: Type.Optional(Password), newPassword: Password });
