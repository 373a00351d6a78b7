import {
  cashFlow,
  dailyOrderAnalysis,
  gstByMonth,
  orderLoanList,
  orderOverdue,
  reconciliationBreakList,
  reconciliationDayList,
  repaymentOrderList,
  resolveBreak,
  runReconciliation,
  trialBalance,
} from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import * as finance from './finance.service.js';

/** /financialManagement (statements, reconciliation, ledger reads) and /report. */
export function registerFinanceRoutes(
  endpoints: EndpointRegistrar,
  deps: finance.FinanceDeps,
): void {
  endpoints.register(orderLoanList, ({ body }) => finance.orderLoans(deps, body));
  endpoints.register(repaymentOrderList, ({ body }) => finance.repaymentOrders(deps, body));
  endpoints.register(reconciliationDayList, ({ body }) => finance.reconciliationDays(deps, body));
  endpoints.register(reconciliationBreakList, ({ body }) =>
    finance.reconciliationBreaks(deps, body),
  );
  endpoints.register(resolveBreak, (context) =>
    finance.resolveBreak(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(runReconciliation, ({ body, audit }) =>
    finance.runReconciliation(deps, body.date, audit),
  );
  endpoints.register(trialBalance, ({ body }) => finance.trialBalance(deps, body.date));
  endpoints.register(gstByMonth, ({ body }) => finance.gstByMonth(deps, body));
  endpoints.register(cashFlow, ({ body }) => finance.cashFlow(deps, body));
  endpoints.register(dailyOrderAnalysis, ({ body }) => finance.dailyOrderAnalysis(deps, body));
  endpoints.register(orderOverdue, ({ body }) => finance.orderOverdue(deps, body));
}
