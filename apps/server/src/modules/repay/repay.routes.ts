import { listRepaymentRecords, listRepayPlan, repayQuery } from '@lending/contract';
import type { EndpointRegistrar } from '../../plugins/access.js';
import * as repay from './repay.service.js';

/** Binds the repayment screens' reads; the money commands are the loan book's routes. */
export function registerRepayRoutes(endpoints: EndpointRegistrar, deps: repay.RepayDeps): void {
  endpoints.register(listRepayPlan, ({ body }) => repay.repayPlan(deps, body));
  endpoints.register(listRepaymentRecords, ({ body }) => repay.repaymentRecords(deps, body));
  endpoints.register(repayQuery, ({ body }) => repay.repayQuery(deps, body));
}
