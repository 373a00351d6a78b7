import { disbursementApi } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import type { DisbursementLists } from './disbursement-lists.service.js';

/** The /loan lists (disbursing itself is `loan.create_payout`, in loan-book.routes). */
export function registerDisbursementRoutes(
  endpoints: EndpointRegistrar,
  lists: DisbursementLists,
): void {
  endpoints.register(disbursementApi.waitLoanList, ({ body }) => lists.waitList(body));
  endpoints.register(disbursementApi.loanRecordList, ({ body }) => lists.recordList(body));
  endpoints.register(disbursementApi.loanFlowList, ({ body }) => lists.flowList(body));
}
