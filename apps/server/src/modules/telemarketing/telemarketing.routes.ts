import { telemarketingApi } from '@lending/contract';
import type { FastifyInstance } from 'fastify';
import { callerOf, type EndpointContext, type EndpointRegistrar } from '../../plugins/access.js';
import { afterReply } from '../../shared/after-reply.js';
import * as telemarketing from './telemarketing.service.js';
import * as verification from './verification.service.js';

/**
 * Binds the telemarketing call list, calls and rate report (decision 0040) and the
 * verification calls before approval (decision 0078).
 */
export function registerTelemarketingRoutes(
  app: FastifyInstance,
  endpoints: EndpointRegistrar,
  deps: telemarketing.TelemarketingDeps,
): void {
  // A refused call's record is written after the call's transaction, before the reply leaves.
  const deferFor = afterReply(app);
  const viewer = (ctx: Pick<EndpointContext<unknown, unknown>, 'caller' | 'grants'>) =>
    telemarketing.viewerOf(callerOf(ctx).userId, ctx.grants);
  endpoints.register(telemarketingApi.listLeads, (ctx) =>
    telemarketing.listLeads(deps, viewer(ctx), ctx.body),
  );
  endpoints.register(telemarketingApi.refreshLeads, () => telemarketing.refreshLeads(deps));
  endpoints.register(telemarketingApi.importLeads, (ctx) =>
    telemarketing.importLeads(deps, ctx.body),
  );
  endpoints.register(telemarketingApi.assignLeads, (ctx) =>
    telemarketing.assignLeads(deps, callerOf(ctx).userId, ctx.body),
  );
  endpoints.register(telemarketingApi.listTelemarketers, (ctx) =>
    telemarketing.listTelemarketers(deps, viewer(ctx)),
  );
  endpoints.register(telemarketingApi.revealLeadPhone, (ctx) =>
    telemarketing.revealPhone(deps, viewer(ctx), ctx.body.leadId),
  );
  endpoints.register(telemarketingApi.recordCall, (ctx) =>
    telemarketing.recordCall(deps, viewer(ctx), ctx.body, deferFor(ctx.request)),
  );
  endpoints.register(telemarketingApi.listCalls, (ctx) =>
    telemarketing.listCalls(deps, viewer(ctx), ctx.body),
  );
  endpoints.register(telemarketingApi.telemarketingRate, (ctx) =>
    telemarketing.rate(deps, viewer(ctx), ctx.body),
  );
  const checker = (ctx: Pick<EndpointContext<unknown, unknown>, 'caller' | 'grants'>) =>
    verification.verificationViewerOf(callerOf(ctx).userId, ctx.grants);
  endpoints.register(telemarketingApi.listVerifications, (ctx) =>
    verification.listVerifications(deps, checker(ctx), ctx.body),
  );
  endpoints.register(telemarketingApi.recordVerification, (ctx) =>
    verification.recordVerification(deps, checker(ctx), ctx.body),
  );
}
