import { changePassword, editUser, getUsers, login, logout, userInfo } from '@lending/contract';
import type { FastifyRequest } from 'fastify';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import type { AuthService } from './auth.service.js';
import type { StaffUsersService } from './staff-users.service.js';
import type { ClientInfo } from './user-module.js';

function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}

export function registerUserRoutes(
  endpoints: EndpointRegistrar,
  services: { auth: AuthService; staffUsers: StaffUsersService },
): void {
  endpoints.register(login, ({ body, request }) => services.auth.login(body, clientOf(request)));

  endpoints.register(userInfo, (context) => services.staffUsers.userInfo(callerOf(context).userId));

  endpoints.register(logout, async (context) => {
    await services.auth.logout(callerOf(context));
    return null;
  });

  endpoints.register(changePassword, async (context) => {
    await services.auth.changePassword(callerOf(context), context.body);
    return null;
  });

  endpoints.register(getUsers, ({ body }) => services.staffUsers.listUsers(body));

  endpoints.register(editUser, ({ body }) => services.staffUsers.editUser(body));
}
