import { loanFlowList, loanRecordList, waitLoanList } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import type { DisbursementLists } from './disbursement-lists.service.js';

/** The /loan lists (disbursing itself is `loan.create_payout`, in loan-book.routes). */
export function registerDisbursementRoutes(
  endpoints: EndpointRegistrar,
  lists: DisbursementLists,
): void {
  endpoints.register(waitLoanList, ({ body }) => lists.waitList(body));
  endpoints.register(loanRecordList, ({ body }) => lists.recordList(body));
  endpoints.register(loanFlowList, ({ body }) => lists.flowList(body));
}
