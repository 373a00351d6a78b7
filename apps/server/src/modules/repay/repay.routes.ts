import {
  approveExcessRefund,
  approveWaiver,
  approveWriteOff,
  importOfflineRepayments,
  listExcessRepayments,
  listOfflineRepayments,
  listOverdueRepayments,
  listRepaymentRecords,
  listRepayPlan,
  offlineReceipt,
  recordOfflineRepayment,
  repayQuery,
  requestExcessRefund,
  rejectWaiver,
  rejectWriteOff,
  reviewOfflineRepayment,
  waiveOrder,
  writeOffOrder,
} from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import * as offline from './offline.service.js';
import * as repay from './repay.service.js';
import * as waivers from './waiver-approval.service.js';

/**
 * Binds the repayment screens' reads, offline repayments, and waivers and write-offs with their
 * second person; the other money commands are the loan book's routes.
 */
export function registerRepayRoutes(endpoints: EndpointRegistrar, deps: repay.RepayDeps): void {
  endpoints.register(listRepayPlan, (context) =>
    repay.repayPlan(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(listRepaymentRecords, ({ body }) => repay.repaymentRecords(deps, body));
  endpoints.register(repayQuery, ({ body }) => repay.repayQuery(deps, body));

  endpoints.register(listOfflineRepayments, (context) =>
    offline.listOffline(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(recordOfflineRepayment, (context) =>
    offline.recordOffline(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(reviewOfflineRepayment, (context) =>
    offline.reviewOffline(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(offlineReceipt, ({ body }) => offline.receiptOf(deps, body.id));
  endpoints.register(importOfflineRepayments, (context) =>
    offline.importOffline(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(listOverdueRepayments, ({ body }) => offline.listOverdue(deps, body));
  endpoints.register(listExcessRepayments, (context) =>
    offline.listExcess(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(requestExcessRefund, (context) =>
    offline.requestExcessRefund(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(approveExcessRefund, (context) =>
    offline.approveExcessRefund(deps, context.body, callerOf(context).userId),
  );

  endpoints.register(waiveOrder, (context) =>
    waivers.requestWaiver(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(approveWaiver, (context) =>
    waivers.approveWaiver(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(rejectWaiver, (context) =>
    waivers.rejectWaiver(deps, context.body, callerOf(context).userId),
  );

  // Every write-off waits for a second person (decision 0050).
  endpoints.register(writeOffOrder, (context) =>
    waivers.requestWriteOff(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(approveWriteOff, (context) =>
    waivers.approveWriteOff(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(rejectWriteOff, (context) =>
    waivers.rejectWriteOff(deps, context.body, callerOf(context).userId),
  );
}
