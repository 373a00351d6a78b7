import { financeApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import * as finance from './finance.service.js';
import * as credits from './unapplied-credits.service.js';
import * as period from './period.service.js';

/**
 * /financialManagement: the statements, the reconciliation, the ledger's reads, the adjustments
 * report and the month locks.
 */
export function registerFinanceRoutes(
  endpoints: EndpointRegistrar,
  deps: finance.FinanceDeps,
): void {
  endpoints.register(financeApi.orderLoanList, ({ body }) => finance.orderLoans(deps, body));
  endpoints.register(financeApi.repaymentOrderList, ({ body }) =>
    finance.repaymentOrders(deps, body),
  );
  endpoints.register(financeApi.reconciliationDayList, ({ body }) =>
    finance.reconciliationDays(deps, body),
  );
  endpoints.register(financeApi.reconciliationBreakList, ({ body }) =>
    finance.reconciliationBreaks(deps, body),
  );
  endpoints.register(financeApi.resolveBreak, (context) =>
    finance.resolveBreak(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(financeApi.runReconciliation, ({ body, audit }) =>
    finance.runReconciliation(deps, body.date, audit),
  );
  endpoints.register(financeApi.trialBalance, ({ body }) => finance.trialBalance(deps, body.date));
  endpoints.register(financeApi.gstByMonth, ({ body }) => finance.gstByMonth(deps, body));
  endpoints.register(financeApi.cashFlow, ({ body }) => finance.cashFlow(deps, body));
  // Unapplied credits: the ageing list, the two-person refund, the application by agreement.
  endpoints.register(financeApi.unappliedCreditList, ({ body }) =>
    credits.unappliedCredits(deps, body),
  );
  endpoints.register(financeApi.requestCreditRefund, (context) =>
    credits.requestCreditRefund(deps, context.body, callerOf(context).userId, context.audit),
  );
  endpoints.register(financeApi.reviewCreditRefund, (context) =>
    credits.reviewCreditRefund(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(financeApi.applyCredit, (context) =>
    credits.applyUnappliedCredit(deps, context.body, callerOf(context).userId, context.audit),
  );
  endpoints.register(financeApi.adjustmentList, ({ body }) => period.adjustments(deps, body));
  endpoints.register(financeApi.periodLockList, ({ body }) => period.periodLocks(deps, body));
  endpoints.register(financeApi.lockMonth, (context) =>
    period.lockMonth(deps, context.body, callerOf(context).userId, context.audit),
  );
}
