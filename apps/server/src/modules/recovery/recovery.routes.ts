import {
  caseDetail,
  deleteGroup,
  instalmentPlan,
  listCases,
  listCollectors,
  listGroups,
  logFollowUp,
  manualDispatch,
  moveBook,
  performance,
  dailyProcess,
  stageFlow,
  runDispatch,
  saveCollector,
  saveGroup,
  sendReminder,
  takeBack,
} from '@lending/contract';
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
  endpoints.register(listCases, (ctx) => recovery.listCases(deps, me(ctx), ctx.body));
  endpoints.register(caseDetail, (ctx) => recovery.caseDetail(deps, me(ctx), ctx.body));
  endpoints.register(logFollowUp, (ctx) =>
    recovery.logFollowUp(deps, me(ctx), ctx.body, deferFor(ctx.request)),
  );
  endpoints.register(instalmentPlan, (ctx) => recovery.instalmentPlan(deps, me(ctx), ctx.body));
  endpoints.register(sendReminder, (ctx) =>
    recovery.sendReminder(deps, me(ctx), ctx.body.caseId, deferFor(ctx.request)),
  );
  endpoints.register(listGroups, ({ body }) => recovery.listGroups(deps, body));
  endpoints.register(saveGroup, ({ body }) => recovery.saveGroup(deps, body));
  endpoints.register(deleteGroup, ({ body }) => recovery.deleteGroup(deps, body.id));
  endpoints.register(listCollectors, ({ body }) => recovery.listCollectors(deps, body));
  endpoints.register(saveCollector, ({ body }) => recovery.saveCollector(deps, body));
  endpoints.register(manualDispatch, (ctx) => recovery.manualDispatch(deps, me(ctx), ctx.body));
  endpoints.register(takeBack, (ctx) => recovery.takeBack(deps, me(ctx), ctx.body));
  endpoints.register(moveBook, (ctx) => recovery.moveBook(deps, me(ctx), ctx.body));
  endpoints.register(runDispatch, (ctx) => recovery.runDispatch(deps, me(ctx), ctx.body.kind));
  endpoints.register(dailyProcess, (ctx) => recovery.dailyProcess(deps, me(ctx), ctx.body));
  endpoints.register(performance, ({ body }) => figures.performance(deps, body));
  endpoints.register(stageFlow, ({ body }) => figures.stageFlow(deps, body));
}
