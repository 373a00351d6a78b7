import {
  deleteRole,
  getInterfaces,
  getRoles,
  interfacesByModule,
  roleDetail,
  saveRole,
  setLanguage,
  setRoleInterfaces,
  setRoleMenus,
  type InterfaceCatalogue,
} from '@lending/contract';
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
  endpoints.register(setLanguage, async (context) => {
    const userId = callerOf(context).userId;
    const result = await users.staffUsers.setLanguage(userId, context.body.language);
    await context.audit.record({ targetType: 'staff_user', targetId: userId, after: result });
    return result;
  });

  endpoints.register(getRoles, ({ body }) => users.roles.list(body));
  endpoints.register(roleDetail, ({ body }) => users.roles.detail(body.id));
  endpoints.register(getInterfaces, () => Promise.resolve(interfaceCatalogue()));

  endpoints.register(saveRole, async (context) => {
    const { before, after } = await users.roles.save(context.body);
    await context.audit.record({ targetType: ROLE, targetId: after.id, before, after });
    return after;
  });

  endpoints.register(deleteRole, async (context) => {
    const before = await users.roles.remove(callerOf(context).userId, context.body.id);
    await context.audit.record({ targetType: ROLE, targetId: before.id, before });
    return null;
  });

  endpoints.register(setRoleMenus, async (context) => {
    const { before, after } = await users.roles.setMenus(callerOf(context).userId, context.body);
    await context.audit.record({
      targetType: ROLE,
      targetId: after.id,
      before: { menus: before?.menus },
      after: { menus: after.menus },
    });
    return after;
  });

  endpoints.register(setRoleInterfaces, async (context) => {
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
