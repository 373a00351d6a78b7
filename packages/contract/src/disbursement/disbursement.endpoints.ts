import { defineEndpoint } from '../endpoint.js';
import {
  loanFlowListBodySchema,
  loanFlowListRetSchema,
  loanRecordListBodySchema,
  loanRecordListRetSchema,
  waitLoanListBodySchema,
  waitLoanListRetSchema,
} from './disbursement.schema.js';

/*
 * The /loan lists. Disbursing, retrying and cancelling go through the loan book's own
 * commands: `loan.create_payout` (a retry is a new payout of a DISBURSEMENT_FAILED order,
 * with a new key) and `order.cancel`.
 */

export const waitLoanList = defineEndpoint({
  id: 'loan.wait_list',
  method: 'POST',
  summary: 'Approved orders waiting for disbursement, with the account and net disbursement',
  access: 'granted',
  mutates: false,
  body: waitLoanListBodySchema,
  query: undefined,
  ret: waitLoanListRetSchema,
});

export const loanRecordList = defineEndpoint({
  id: 'loan.record_list',
  method: 'POST',
  summary: 'Disbursed loans: lend success, lend fail or lending, with UTR, channel and amounts',
  access: 'granted',
  mutates: false,
  body: loanRecordListBodySchema,
  query: undefined,
  ret: loanRecordListRetSchema,
});

export const loanFlowList = defineEndpoint({
  id: 'loan.flow_list',
  method: 'POST',
  summary: 'Every payout attempt: status, channel, fail count, error message, gateway reference',
  access: 'granted',
  mutates: false,
  body: loanFlowListBodySchema,
  query: undefined,
  ret: loanFlowListRetSchema,
});

export const disbursementEndpoints = [waitLoanList, loanRecordList, loanFlowList] as const;
