/**
 * What can land in a person's inbox (the bell). Each kind has a zh and en message in the web app
 * (`notifications.json`) that names its `params`. Add a kind here before sending it.
 */
export const NOTIFICATION_KINDS = [
  'membershipApproved',
  'membershipRejected',
  'membershipExpired',
  'membershipRevoked',
  'identityApproved',
  'identityRejected',
  'workAuditPassed',
  'workAuditRejected',
  'transferReceived',
  'transferConfirmed',
  'transferRejected',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
