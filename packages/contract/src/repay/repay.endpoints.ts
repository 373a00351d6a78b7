import { defineEndpoint } from '../endpoint.js';
import {
  repaymentRecordBodySchema,
  repaymentRecordRetSchema,
  repayPlanBodySchema,
  repayPlanRetSchema,
  repayQueryBodySchema,
  repayQueryRetSchema,
} from './repay.schema.js';

export const listRepayPlan = defineEndpoint({
  id: 'repay.plan_list',
  method: 'POST',
  summary: 'Orders with money owing: due per component, paid, outstanding, clearing amount today',
  access: 'granted',
  mutates: false,
  body: repayPlanBodySchema,
  query: undefined,
  ret: repayPlanRetSchema,
});

export const listRepaymentRecords = defineEndpoint({
  id: 'repay.record_list',
  method: 'POST',
  summary: 'Every repayment: serial number, channel, virtual account, amounts per component',
  access: 'granted',
  mutates: false,
  body: repaymentRecordBodySchema,
  query: undefined,
  ret: repaymentRecordRetSchema,
});

export const repayQuery = defineEndpoint({
  id: 'repay.query',
  method: 'POST',
  summary:
    'Find an order by number or phone: what clears it on a date, the rollover quote, where to pay',
  access: 'granted',
  mutates: false,
  body: repayQueryBodySchema,
  query: undefined,
  ret: repayQueryRetSchema,
});

/** The repayment screens' reads (the money commands are the loan book's `repay.*`). */
export const repayEndpoints = [listRepayPlan, listRepaymentRecords, repayQuery] as const;
