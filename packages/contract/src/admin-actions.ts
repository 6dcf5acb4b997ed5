/** Every action the back office records in the admin log (docs/back-office.md). Add one here before recording it. */
export const ADMIN_ACTIONS = [
  'user.disable',
  'user.enable',
  'user.roles',
  'user.enterprise',
  'user.signOutEverywhere',
  'user.permissions',
  'membershipVersion.create',
  'membershipVersion.update',
  'membershipVersion.delete',
  'membershipApplication.approve',
  'membershipApplication.reject',
  'membership.revoke',
  'identityApplication.approve',
  'identityApplication.reject',
  'work.auditPass',
  'work.auditReject',
  'sensitiveWord.add',
  'sensitiveWord.remove',
  'sensitiveWord.import',
  'billing.prices',
  'billing.rechargePlans',
  'withdrawal.approve',
  'withdrawal.reject',
] as const;

export type AdminActionCode = (typeof ADMIN_ACTIONS)[number];
