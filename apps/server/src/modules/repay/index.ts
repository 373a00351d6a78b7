/**
 * The repayment screens' reads over the loan book: the repayment plan (orders with money
 * owing), the repayment records and the repayment query (what clears an order on a date, the
 * rollover quote, where to pay), offline repayments and overpayment refunds, waivers with a
 * second person above the approval amount (decision 0045) and every write-off (decision 0050). The other money commands stay with
 * the loan book (`repay.*` there).
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { moveLocalReceipts } from './offline.service.js';
import { registerRepayRoutes } from './repay.routes.js';
import type { RepayDeps } from './repay.service.js';

export type { RepayDeps } from './repay.service.js';
export {
  approveExcessRefund,
  recordOffline,
  requestExcessRefund,
  reviewOffline,
  type OfflineDeps,
} from './offline.service.js';
// What waits for the back office: offline repayments to review, overpayments to refund.
export { overpaymentsToRefund, pendingOfflineRepayments } from './offline.repository.js';
export {
  approveWaiver,
  approveWriteOff,
  rejectWaiver,
  rejectWriteOff,
  requestWaiver,
  requestWriteOff,
  waitingWaiverAmount,
  waiverApprovalAboveOf,
  type WaiverApprovalDeps,
} from './waiver-approval.service.js';
export { lapseRequestsOnOrderChange } from './request-lapse.js';
export { pendingWaiverRequests, requestsOfOrder } from './waiver-requests.repository.js';

/**
 * The repay module. Once the server is ready (migrated), receipts still in the old upload
 * directory are copied into the database (decision 0091).
 */
export function createRepayModule(deps: RepayDeps & { log?: RepayLog }) {
  return {
    registerRoutes: (routes: ModuleRoutes) => {
      routes.server.addHook('onReady', async () => {
        // A receipt that cannot be moved is reported, and the server starts all the same.
        const outcome = await moveLocalReceipts(deps, deps.uploadDir).catch((error: unknown) => {
          deps.log?.error({ err: error }, 'moving receipts into the database failed');
          return { moved: 0, missing: 0 };
        });
        const { moved, missing } = outcome;
        if (moved > 0) deps.log?.info({ moved }, 'receipts moved into the database');
        if (missing > 0)
          deps.log?.warn(
            { missing, uploadDir: deps.uploadDir },
            'receipts not in the database nor in this server’s upload directory',
          );
      });
      registerRepayRoutes(routes.admin, deps);
    },
  };
}

interface RepayLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
