// Every table, for Drizzle (queries with relations, drizzle-kit). Each module keeps its own tables beside it
// (`modules/<m>/<m>.tables.ts`); only this index and the migrations see them all.
export * from '../../modules/users/users.tables.js';
export * from '../../modules/auth/sessions.tables.js';
export * from './server-secrets.js';
export * from '../../modules/sms-codes/sms-codes.tables.js';
export * from '../../modules/qr-login/qr-login.tables.js';
export * from '../../modules/wechat/wechat.tables.js';
export * from '../../modules/uploads/uploads.tables.js';
export * from '../../modules/ledger/ledger.tables.js';
export * from '../../modules/sensitive-words/sensitive-words.tables.js';
export * from '../../modules/works/works.tables.js';
export * from '../../modules/transfers/transfers.tables.js';
export * from '../../modules/processing/processing.tables.js';
export * from '../../modules/tours/tours.tables.js';
export * from '../../modules/traffic/traffic.tables.js';
export * from '../../modules/point-clouds/point-clouds.tables.js';
export * from './milestones.js';
export * from '../../modules/access/access.tables.js';
export * from '../../modules/membership/membership.tables.js';
export * from '../../modules/identity/identity.tables.js';
export * from '../../modules/notifications/notifications.tables.js';
export * from '../../modules/admin-log/admin-log.tables.js';
export * from '../../modules/recharge/recharge.tables.js';
export * from '../../modules/billing/billing.tables.js';
export * from '../../modules/withdrawals/withdrawals.tables.js';
