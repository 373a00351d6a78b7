import { auditApi, userApi } from '@lending/contract';
import type { FastifyRequest } from 'fastify';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import type { AuthService } from './auth.service.js';
import type { LoginLogService } from './login-log.service.js';
import type { StaffUsersService } from './staff-users.service.js';
import type { ClientInfo } from './user-module.js';

function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}

const STAFF_USER = 'staff_user';

export function registerUserRoutes(
  endpoints: EndpointRegistrar,
  services: { auth: AuthService; staffUsers: StaffUsersService; loginLog: LoginLogService },
): void {
  // Public, so not in the operation log: every attempt is in the login log instead.
  endpoints.register(userApi.login, ({ body, request }) =>
    services.auth.login(body, clientOf(request)),
  );

  endpoints.register(userApi.userInfo, (context) =>
    services.staffUsers.userInfo(callerOf(context).userId),
  );
  endpoints.register(userApi.profile, (context) =>
    services.staffUsers.getUser(callerOf(context).userId),
  );

  endpoints.register(userApi.logout, async (context) => {
    const caller = callerOf(context);
    await services.auth.logout(caller);
    await context.audit.record({ targetType: 'staff_session', targetId: caller.sessionId });
    return null;
  });

  endpoints.register(userApi.changePassword, async (context) => {
    const caller = callerOf(context);
    await services.auth.changePassword(caller, context.body);
    await context.audit.record({ targetType: STAFF_USER, targetId: caller.userId });
    return null;
  });

  endpoints.register(userApi.getUsers, ({ body }) => services.staffUsers.listUsers(body));

  endpoints.register(userApi.editUser, async (context) => {
    const { before, after } = await services.staffUsers.editUser(
      callerOf(context).userId,
      context.body,
    );
    await context.audit.record({ targetType: STAFF_USER, targetId: after.id, before, after });
    return after;
  });

  endpoints.register(userApi.createUser, async (context) => {
    const after = await services.staffUsers.createUser(callerOf(context).userId, context.body);
    await context.audit.record({ targetType: STAFF_USER, targetId: after.id, after });
    return after;
  });

  endpoints.register(userApi.resetPassword, async (context) => {
    const user = await services.staffUsers.resetPassword(callerOf(context).userId, context.body);
    await context.audit.record({
      targetType: STAFF_USER,
      targetId: user.id,
      after: { email: user.email, passwordReset: true, sessionsEnded: true },
    });
    return null;
  });

  endpoints.register(userApi.deleteUser, async (context) => {
    const before = await services.staffUsers.deleteUser(callerOf(context).userId, context.body.id);
    await context.audit.record({ targetType: STAFF_USER, targetId: before.id, before });
    return null;
  });

  endpoints.register(userApi.unblockSignIn, async (context) => {
    const { email, lifted } = await services.staffUsers.unblockSignIn(
      callerOf(context).userId,
      context.body.id,
    );
    await context.audit.record({
      targetType: STAFF_USER,
      targetId: context.body.id,
      before: { email, signInBlocks: lifted },
      after: { email, signInBlocks: [] },
    });
    return null;
  });

  endpoints.register(auditApi.loginLog, ({ body }) => services.loginLog.list(body));
}
