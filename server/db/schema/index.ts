export * from './audit.js';
export * from './companies.js';
export * from './jobs.js';
export * from './mail.js';
export * from './rateLimits.js';
export * from './sessions.js';
export * from './users.js';
