import { Type } from 'typebox';

/** Request and response shapes of the user-info route; they validate input and write the OpenAPI document. */
export const UserUidParams = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 64 }) });

export const UserInfoSchema = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  avatarUrl: Type.String(),
  roles: Type.Array(Type.String()),
  phone: Type.String(),
  businessRoleCode: Type.String(),
  menus: Type.Array(Type.Integer(), { description: 'permission ids' }),
  enterpriseLogoUrl: Type.String(),
});
