/** Staff accounts, roles, sessions and sign-in attempts: who may use the console, and how. */
import type { AuthPort } from '../../plugins/auth.js';
import type { EndpointRegistrar } from '../../plugins/access.js';
import { createAuthService } from './auth.service.js';
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
export { seedAccounts, type SeedOptions } from './seed-accounts.js';

export function createUserModule(deps: UserModuleDeps) {
  const sessions = createSessionService(deps);
  const auth = createAuthService(deps, sessions);
  const staffUsers = createStaffUsersService(deps, sessions);
  const authPort: AuthPort = {
    verifySession: (token) => sessions.verify(token),
    grantsOf: (userId) => staffUsers.grantsOf(userId),
  };
  return {
    sessions,
    auth,
    staffUsers,
    authPort,
    registerRoutes: (endpoints: EndpointRegistrar) =>
      registerUserRoutes(endpoints, { auth, staffUsers }),
  };
}

export type UserModule = ReturnType<typeof createUserModule>;
