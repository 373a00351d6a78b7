import {
  approveExcessRefund,
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
  reviewOfflineRepayment,
} from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import * as offline from './offline.service.js';
import * as repay from './repay.service.js';

/** Binds the repayment screens' reads; the money commands are the loan book's routes. */
export function registerRepayRoutes(endpoints: EndpointRegistrar, deps: repay.RepayDeps): void {
  endpoints.register(listRepayPlan, ({ body }) => repay.repayPlan(deps, body));
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
}
