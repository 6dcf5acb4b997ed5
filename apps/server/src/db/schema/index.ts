export * from './users.js';
export * from './sessions.js';
export * from './security.js';
export * from './uploads.js';
export * from './ledger.js';
export * from './moderation.js';
export * from './works.js';
export * from './processing.js';
