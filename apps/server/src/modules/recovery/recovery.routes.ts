import { recoveryApi } from '@lending/contract';
import type { FastifyInstance } from 'fastify';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import { afterReply } from '../../shared/after-reply.js';
import * as figures from './recovery.figures.js';
import * as recovery from './recovery.service.js';

/** Binds collection and pre-collection: cases, follow-ups, groups, collectors, dispatch, reports. */
export function registerRecoveryRoutes(
  app: FastifyInstance,
  endpoints: EndpointRegistrar,
  deps: recovery.RecoveryDeps,
): void {
  const me = (ctx: Parameters<typeof callerOf>[0]) => callerOf(ctx).userId;
  // Work left for after a call's transaction (a refused contact's record), done before the reply leaves.
  const deferFor = afterReply(app);
  endpoints.register(recoveryApi.listCases, (ctx) => recovery.listCases(deps, me(ctx), ctx.body));
  endpoints.register(recoveryApi.caseDetail, (ctx) => recovery.caseDetail(deps, me(ctx), ctx.body));
  endpoints.register(recoveryApi.logFollowUp, (ctx) =>
    recovery.logFollowUp(deps, me(ctx), ctx.body, deferFor(ctx.request)),
  );
  endpoints.register(recoveryApi.instalmentPlan, (ctx) =>
    recovery.instalmentPlan(deps, me(ctx), ctx.body),
  );
  endpoints.register(recoveryApi.sendReminder, (ctx) =>
    recovery.sendReminder(deps, me(ctx), ctx.body.caseId, deferFor(ctx.request)),
  );
  endpoints.register(recoveryApi.listGroups, ({ body }) => recovery.listGroups(deps, body));
  endpoints.register(recoveryApi.saveGroup, ({ body }) => recovery.saveGroup(deps, body));
  endpoints.register(recoveryApi.deleteGroup, ({ body }) => recovery.deleteGroup(deps, body.id));
  endpoints.register(recoveryApi.listCollectors, ({ body }) => recovery.listCollectors(deps, body));
  endpoints.register(recoveryApi.saveCollector, ({ body }) => recovery.saveCollector(deps, body));
  endpoints.register(recoveryApi.manualDispatch, (ctx) =>
    recovery.manualDispatch(deps, me(ctx), ctx.body),
  );
  endpoints.register(recoveryApi.takeBack, (ctx) => recovery.takeBack(deps, me(ctx), ctx.body));
  endpoints.register(recoveryApi.moveBook, (ctx) => recovery.moveBook(deps, me(ctx), ctx.body));
  endpoints.register(recoveryApi.runDispatch, (ctx) =>
    recovery.runDispatch(deps, me(ctx), ctx.body.kind),
  );
  endpoints.register(recoveryApi.dailyProcess, (ctx) =>
    recovery.dailyProcess(deps, me(ctx), ctx.body),
  );
  endpoints.register(recoveryApi.performance, ({ body }) => figures.performance(deps, body));
  endpoints.register(recoveryApi.stageFlow, ({ body }) => figures.stageFlow(deps, body));
}
