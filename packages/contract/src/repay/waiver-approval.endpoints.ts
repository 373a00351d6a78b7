import { defineEndpoint } from '../endpoint.js';
import { orderCommandRetSchema } from '../loan-book/loan-book.schema.js';
import {
  waiverApproveBodySchema,
  waiverRejectBodySchema,
  waiverRejectRetSchema,
} from './waiver-approval.schema.js';

export const approveWaiver = defineEndpoint({
  id: 'repay.waiver_approve',
  method: 'POST',
  path: '/repay/waiver_approve',
  module: 'repay',
  summary: 'Approve a waiver that waits for a second person: it is applied (the checker)',
  access: 'granted',
  mutates: true,
  body: waiverApproveBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const rejectWaiver = defineEndpoint({
  id: 'repay.waiver_reject',
  method: 'POST',
  path: '/repay/waiver_reject',
  module: 'repay',
  summary: 'Reject a waiver that waits for a second person, with the reason',
  access: 'granted',
  mutates: true,
  body: waiverRejectBodySchema,
  query: undefined,
  ret: waiverRejectRetSchema,
});

export const waiverApprovalEndpoints = [approveWaiver, rejectWaiver] as const;
