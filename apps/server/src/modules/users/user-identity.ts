import type { UserInfo } from '@spatia/contract';
import type { UserProfileRow } from './users.repository.js';

type IdentityColumns = Pick<UserProfileRow, 'uid' | 'phone' | 'fullName' | 'avatarUrl' | 'roles' | 'businessRoleCode'>;

/** Who a user is, as every view of a user (the signed-in user's info, the back office's rows) names it. */
export function presentUserIdentity(
  row: IdentityColumns,
): Pick<UserInfo, 'uid' | 'phone' | 'name' | 'avatarUrl' | 'roles' | 'businessRoleCode'> {
  const { uid, phone, fullName, avatarUrl, roles, businessRoleCode } = row;
  return { uid, phone, name: fullName, avatarUrl, roles, businessRoleCode };
}
