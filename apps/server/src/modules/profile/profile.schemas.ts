import { FULL_NAME_MAX } from '@spatia/contract';
import { Type } from 'typebox';

/** Request and response shapes of the profile; they validate input and write the OpenAPI document. */
export const tags = ['profile'];

export const ProfileSchema = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  avatarUrl: Type.String(),
  phone: Type.String(),
  inviteCode: Type.String(),
  enterpriseLogoUrl: Type.String(),
  isEnterprise: Type.Boolean(),
  hasPassword: Type.Boolean(),
  businessRoleCode: Type.String(),
  createdAt: Type.Integer(),
  inviter: Type.Union([Type.Object({ uid: Type.String(), name: Type.String() }), Type.Null()]),
});
const Counts = Type.Object({
  unpublished: Type.Integer(),
  published: Type.Integer(),
  underReview: Type.Integer(),
  exposed: Type.Integer(),
  notPassed: Type.Integer(),
  passed: Type.Integer(),
  unaudited: Type.Integer(),
});
export const OverviewSchema = Type.Object({
  works: Type.Object({ total: Type.Integer(), byStatus: Counts }),
  followers: Type.Integer(),
  following: Type.Integer(),
  balance: Type.Integer({ description: 'fen' }),
});
export const GrantSchema = Type.Object({
  uploadUrl: Type.String(),
  method: Type.Literal('PUT'),
  maxBytes: Type.Integer(),
  accept: Type.Array(Type.String()),
  expiresAt: Type.Integer(),
});

export const ProfileUidParams = Type.Object({ uid: Type.String({ maxLength: 64 }) });

export const RenameBody = Type.Object({ fullName: Type.String({ minLength: 1, maxLength: FULL_NAME_MAX }) });

export const EnterpriseLogoBody = Type.Object({ enterpriseLogoUrl: Type.String({ maxLength: 500 }) });

export const UploadTokenParams = Type.Object({ token: Type.String({ minLength: 16, maxLength: 64 }) });

export const UploadedSchema = Type.Object({ url: Type.String() });
