export * from './common/errors.js';
export * from './common/pagination.js';
export * from './users/user-types.js';
export * from './users/permissions.js';
export * from './users/users.js';
export * from './auth/auth.js';
