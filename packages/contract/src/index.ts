export * from './permissions.js';
export * from './errors.js';
export * from './api.js';
export * from './limits.js';
export * from './works.js';
export * from './tours.js';
export * from './spatial.js';
export * from './offline-package.js';
