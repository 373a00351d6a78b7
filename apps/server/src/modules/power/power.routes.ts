import { interfacesByModule, type InterfaceCatalogue, powerApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import type { UserModule } from '../user/index.js';

const ROLE = 'role';

/** The grantable interfaces, generated from the contract (never typed twice). */
export function interfaceCatalogue(): InterfaceCatalogue {
  return {
    modules: interfacesByModule().map(({ module, endpoints }) => ({
      module,
      interfaces: endpoints.map((endpoint) => ({
        id: endpoint.id,
        method: endpoint.method,
        path: endpoint.path,
        summary: endpoint.summary,
        mutates: endpoint.mutates,
      })),
    })),
  };
}

export function registerPowerRoutes(endpoints: EndpointRegistrar, users: UserModule): void {
  endpoints.register(powerApi.setLanguage, async (context) => {
    const userId = callerOf(context).userId;
    const result = await users.staffUsers.setLanguage(userId, context.body.language);
    await context.audit.record({ targetType: 'staff_user', targetId: userId, after: result });
    return result;
  });

  endpoints.register(powerApi.getRoles, ({ body }) => users.roles.list(body));
  endpoints.register(powerApi.roleDetail, ({ body }) => users.roles.detail(body.id));
  endpoints.register(powerApi.getInterfaces, () => Promise.resolve(interfaceCatalogue()));

  endpoints.register(powerApi.saveRole, async (context) => {
    const { before, after } = await users.roles.save(context.body);
    await context.audit.record({ targetType: ROLE, targetId: after.id, before, after });
    return after;
  });

  endpoints.register(powerApi.deleteRole, async (context) => {
    const before = await users.roles.remove(callerOf(context).userId, context.body.id);
    await context.audit.record({ targetType: ROLE, targetId: before.id, before });
    return null;
  });

  endpoints.register(powerApi.setRoleMenus, async (context) => {
    const { before, after } = await users.roles.setMenus(callerOf(context).userId, context.body);
    await context.audit.record({
      targetType: ROLE,
      targetId: after.id,
      before: { menus: before?.menus },
      after: { menus: after.menus },
    });
    return after;
  });

  endpoints.register(powerApi.setRoleInterfaces, async (context) => {
    const { before, after } = await users.roles.setInterfaces(
      callerOf(context).userId,
      context.body,
    );
    await context.audit.record({
      targetType: ROLE,
      targetId: after.id,
      before: { interfaces: before?.interfaces },
      after: { interfaces: after.interfaces },
    });
    return after;
  });
}
