import { recoveryApi } from '@lending/contract';
import type { FastifyInstance } from 'fastify';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import { afterReply } from '../../shared/after-reply.js';
import * as cases from './cases.service.js';
import * as dispatch from './dispatch.service.js';
import * as followUps from './follow-ups.service.js';
import type { RecoveryDeps } from './recovery.deps.js';
import * as figures from './recovery.figures.js';
import * as teams from './teams.service.js';

/** Binds collection and pre-collection: cases, follow-ups, groups, collectors, dispatch, reports. */
export function registerRecoveryRoutes(
  app: FastifyInstance,
  endpoints: EndpointRegistrar,
  deps: RecoveryDeps,
): void {
  const me = (ctx: Parameters<typeof callerOf>[0]) => callerOf(ctx).userId;
  // Work left for after a call's transaction (a refused contact's record), done before the reply leaves.
  const deferFor = afterReply(app);
  endpoints.register(recoveryApi.listCases, (ctx) => cases.listCases(deps, me(ctx), ctx.body));
  endpoints.register(recoveryApi.caseDetail, (ctx) => cases.caseDetail(deps, me(ctx), ctx.body));
  endpoints.register(recoveryApi.logFollowUp, (ctx) =>
    followUps.logFollowUp(deps, me(ctx), ctx.body, deferFor(ctx.request)),
  );
  endpoints.register(recoveryApi.instalmentPlan, (ctx) =>
    followUps.instalmentPlan(deps, me(ctx), ctx.body),
  );
  endpoints.register(recoveryApi.sendReminder, (ctx) =>
    followUps.sendReminder(deps, me(ctx), ctx.body.caseId, deferFor(ctx.request)),
  );
  endpoints.register(recoveryApi.listGroups, ({ body }) => teams.listGroups(deps, body));
  endpoints.register(recoveryApi.saveGroup, ({ body }) => teams.saveGroup(deps, body));
  endpoints.register(recoveryApi.deleteGroup, ({ body }) => teams.deleteGroup(deps, body.id));
  endpoints.register(recoveryApi.listCollectors, ({ body }) => teams.listCollectors(deps, body));
  endpoints.register(recoveryApi.saveCollector, ({ body }) => teams.saveCollector(deps, body));
  endpoints.register(recoveryApi.manualDispatch, (ctx) =>
    dispatch.manualDispatch(deps, me(ctx), ctx.body),
  );
  endpoints.register(recoveryApi.takeBack, (ctx) => dispatch.takeBack(deps, me(ctx), ctx.body));
  endpoints.register(recoveryApi.moveBook, (ctx) => dispatch.moveBook(deps, me(ctx), ctx.body));
  endpoints.register(recoveryApi.runDispatch, (ctx) =>
    dispatch.runDispatch(deps, me(ctx), ctx.body.kind),
  );
  endpoints.register(recoveryApi.dailyProcess, (ctx) =>
    figures.dailyProcess(deps, me(ctx), ctx.body),
  );
  endpoints.register(recoveryApi.performance, ({ body }) => figures.performance(deps, body));
  endpoints.register(recoveryApi.stageFlow, ({ body }) => figures.stageFlow(deps, body));
}
