import { loanBookApi, offlineRepayApi, repayApi, waiverApprovalApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import * as offline from './offline.service.js';
import * as repay from './repay.service.js';
import * as waivers from './waiver-approval.service.js';

/**
 * Binds the repayment screens' reads, offline repayments, and waivers and write-offs with their
 * second person; the other money commands are the loan book's routes.
 */
export function registerRepayRoutes(endpoints: EndpointRegistrar, deps: repay.RepayDeps): void {
  endpoints.register(repayApi.listRepayPlan, (context) =>
    repay.repayPlan(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(repayApi.listRepaymentRecords, ({ body }) =>
    repay.repaymentRecords(deps, body),
  );
  endpoints.register(repayApi.repayQuery, ({ body }) => repay.repayQuery(deps, body));

  endpoints.register(offlineRepayApi.listOfflineRepayments, (context) =>
    offline.listOffline(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(offlineRepayApi.recordOfflineRepayment, (context) =>
    offline.recordOffline(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(offlineRepayApi.reviewOfflineRepayment, (context) =>
    offline.reviewOffline(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(offlineRepayApi.offlineReceipt, ({ body }) =>
    offline.receiptOf(deps, body.id),
  );
  endpoints.register(offlineRepayApi.importOfflineRepayments, (context) =>
    offline.importOffline(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(offlineRepayApi.listOverdueRepayments, ({ body }) =>
    offline.listOverdue(deps, body),
  );
  endpoints.register(offlineRepayApi.listExcessRepayments, (context) =>
    offline.listExcess(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(offlineRepayApi.requestExcessRefund, (context) =>
    offline.requestExcessRefund(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(offlineRepayApi.approveExcessRefund, (context) =>
    offline.approveExcessRefund(deps, context.body, callerOf(context).userId),
  );

  endpoints.register(loanBookApi.waiveOrder, (context) =>
    waivers.requestWaiver(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(waiverApprovalApi.approveWaiver, (context) =>
    waivers.approveWaiver(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(waiverApprovalApi.rejectWaiver, (context) =>
    waivers.rejectWaiver(deps, context.body, callerOf(context).userId),
  );

  // Every write-off waits for a second person (decision 0050).
  endpoints.register(loanBookApi.writeOffOrder, (context) =>
    waivers.requestWriteOff(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(waiverApprovalApi.approveWriteOff, (context) =>
    waivers.approveWriteOff(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(waiverApprovalApi.rejectWriteOff, (context) =>
    waivers.rejectWriteOff(deps, context.body, callerOf(context).userId),
  );
}
