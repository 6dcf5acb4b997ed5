import { PHONE_PATTERN } from '@spatia/contract';
import { Type } from 'typebox';

/** Schema pieces several routes share. */
export const PhoneNumber = Type.String({ pattern: PHONE_PATTERN.source, description: '11-digit mobile number' });

export const PhoneQuery = Type.Object({ phoneNumber: PhoneNumber });

export const CodeFieldsSchema = {
  verifyCode: Type.String({ pattern: '^[0-9]{6}$', description: 'the 6-digit code from the SMS' }),
  expiredTime: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'from the verifyCode answer (epoch ms)' }),
  hash: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'from the verifyCode answer' }),
};

export const IssuedCodeSchema = Type.Object({ hash: Type.String(), expiredTime: Type.Integer() });

export const LoginResultSchema = Type.Object({ uid: Type.String(), fullName: Type.String(), avatarUrl: Type.String() });

export const CodeLoginResultSchema = Type.Object({
  userUid: Type.String(),
  username: Type.String(),
  avatarUrl: Type.String(),
  phoneNumber: Type.String(),
});

export const Password = Type.String({ minLength: 1, maxLength: 128 });
