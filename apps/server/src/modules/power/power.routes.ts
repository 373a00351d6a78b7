import { setLanguage } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import type { UserModule } from '../user/index.js';

export function registerPowerRoutes(endpoints: EndpointRegistrar, users: UserModule): void {
  endpoints.register(setLanguage, (context) =>
    users.staffUsers.setLanguage(callerOf(context).userId, context.body.language),
  );
}
