import { PHONE_PATTERN, SELLING_PRICE_MAX_FEN, WORK_PAGE_SIZE_MAX, parseYuanToFen } from '@spatia/contract';
import { Type } from 'typebox';
import { invalid } from './app-error.js';

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

/** One of a fixed list of strings, as an enum in the OpenAPI document. */
export const literals = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });

export const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

export const Uid = Type.String({ minLength: 1, maxLength: 64 });
export const UidParams = Type.Object({ uid: Uid });
export const IdParams = Type.Object({ id: Uid });

export const PageQuery = {
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: WORK_PAGE_SIZE_MAX, default: 12 }),
};

export const PageQuerySchema = Type.Object(PageQuery);

/** One page of a list answer. */
export const pageOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer() });

/** A person as answers show them: a work's owner, an applicant, a transfer's sender or receiver. */
export const PersonSummarySchema = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  avatarUrl: Type.String(),
  identities: Type.Optional(
    Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }), {
      description: "the owner's approved identities (public answers only)",
    }),
  ),
});

/** A price typed in yuan, as whole fen; a clear validation error otherwise. */
export function priceInFen(field: string, text: string): number {
  const fen = parseYuanToFen(text);
  if (fen === null || fen <= 0 || fen > SELLING_PRICE_MAX_FEN) throw invalid(field, 'invalid');
  return fen;
}

/** An array that is always empty (`[]` in the web's types): the deepest level of a tree, whose children stop there. */
export const AlwaysEmpty = Type.Unsafe<[]>({
  type: 'array',
  prefixItems: [],
  items: false,
  description: 'always empty: the deepest level',
});
