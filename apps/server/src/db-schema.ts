/** Every table of every module: what drizzle-kit diffs and what the Database type knows. */
export * from './modules/user/staff-users.table.js';
export * from './modules/user/roles.table.js';
export * from './modules/user/staff-sessions.table.js';
export * from './modules/user/login-attempts.table.js';
