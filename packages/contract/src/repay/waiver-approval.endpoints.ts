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
  summary: 'Approve a waiver that waits for a second person: it is applied (the checker)',
  access: 'granted',
  mutates: true,
  errors: [
    'alreadyReviewed',
    'amountNotAllowed',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
    'requestLapsed',
    'sameMakerChecker',
    'waiverAmountChanged',
  ],
  body: waiverApproveBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const rejectWaiver = defineEndpoint({
  id: 'repay.waiver_reject',
  method: 'POST',
  summary: 'Reject a waiver that waits for a second person, with the reason',
  access: 'granted',
  mutates: true,
  errors: ['alreadyReviewed', 'notFound', 'requestLapsed', 'sameMakerChecker'],
  body: waiverRejectBodySchema,
  query: undefined,
  ret: waiverRejectRetSchema,
});

/**
 * Write-offs always wait for a second person (decision 0050). Their own grants: writing off a
 * whole loan is a larger power than waiving a part of it, and a lender may give it to fewer
 * people. The bodies are the waiver's: the request id, the key, the sum the checker saw.
 */
export const approveWriteOff = defineEndpoint({
  id: 'repay.write_off_approve',
  method: 'POST',
  summary: 'Approve a write-off that waits for a second person: it is applied (the checker)',
  access: 'granted',
  mutates: true,
  errors: [
    'alreadyReviewed',
    'amountNotAllowed',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
    'requestLapsed',
    'sameMakerChecker',
    'writeOffAmountChanged',
  ],
  body: waiverApproveBodySchema,
  query: undefined,
  ret: orderCommandRetSchema,
});

export const rejectWriteOff = defineEndpoint({
  id: 'repay.write_off_reject',
  method: 'POST',
  summary: 'Reject a write-off that waits for a second person, with the reason',
  access: 'granted',
  mutates: true,
  errors: ['alreadyReviewed', 'notFound', 'requestLapsed', 'sameMakerChecker'],
  body: waiverRejectBodySchema,
  query: undefined,
  ret: waiverRejectRetSchema,
});

export const waiverApprovalEndpoints = [
  approveWaiver,
  rejectWaiver,
  approveWriteOff,
  rejectWriteOff,
] as const;
