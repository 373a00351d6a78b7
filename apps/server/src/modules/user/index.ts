/** Staff accounts, roles and their grants, sessions and sign-in attempts (the login log). */
import type { AuthPort } from '../../plugins/auth.js';
import type { ModuleRoutes } from '../../plugins/module.js';
import { createAuthService } from './auth.service.js';
import { createLoginLogService } from './login-log.service.js';
import { createLoginThrottle } from './login-throttle.service.js';
import { createRolesService } from './roles.service.js';
import { createSessionService } from './sessions.service.js';
import { createStaffUsersService } from './staff-users.service.js';
import { registerUserRoutes } from './user.routes.js';
import type { UserModuleDeps } from './user-module.js';

export {
  createPasswordHasher,
  productionHashOptions,
  type PasswordHasher,
  type PasswordHashOptions,
} from './passwords.js';
export type { UserModuleDeps, UserModuleSettings } from './user-module.js';
export type { LoginThrottleLimits } from './throttle-rules.js';
export { seedAccounts, type SeedOptions } from './seed-accounts.js';
export { grantableMenuNames, coveredMenus } from './grant-rules.js';
// Who made or changed a row, by name, for other modules' lists.
export { staffNamesOf } from './staff-users.repository.js';
// Staff accounts by e-mail, and accounts made with a role (the simulator's colleagues).
export {
  insertStaffUser,
  replaceUserRoles,
  staffIdsByEmail,
  type NewStaffUser,
} from './staff-users.repository.js';
export { findRoleByName } from './roles.repository.js';
export type { RolesService } from './roles.service.js';

export function createUserModule(deps: UserModuleDeps) {
  const sessions = createSessionService(deps);
  const throttle = createLoginThrottle(deps);
  const auth = createAuthService(deps, sessions, throttle);
  const staffUsers = createStaffUsersService(deps, sessions, throttle);
  const roles = createRolesService(deps, (userId) => staffUsers.heldGrants(userId));
  const loginLog = createLoginLogService(deps);
  const authPort: AuthPort = {
    verifySession: (token) => sessions.verify(token),
    grantsOf: (userId) => staffUsers.grantsOf(userId),
    staffOf: (userId) => staffUsers.staffOf(userId),
  };
  return {
    sessions,
    auth,
    staffUsers,
    roles,
    loginLog,
    authPort,
    registerRoutes: (routes: ModuleRoutes) =>
      registerUserRoutes(routes.admin, { auth, staffUsers, loginLog }),
  };
}

export type UserModule = ReturnType<typeof createUserModule>;
