import { z } from 'zod';
import { idSchema } from '../common/fields.js';
import { idempotencyKeySchema, positivePaiseSchema } from '../common/money.js';

/**
 * A waiver above the operations setting `waiver_approval_above_rupees` waits for a second
 * person (decision 0045): the checker approves it (the waiver is applied then) or rejects it.
 */
export const waiverApproveBodySchema = z.strictObject({
  /** The waiver request (a repayment plan row's `pendingWaiver.id`). */
  id: idSchema,
  idempotencyKey: idempotencyKeySchema,
  /**
   * What the checker saw it waive and approves: the parts asked for, or for a settlement what
   * clears the order today (charges accrue daily). Refused (4190) when it waives another sum now.
   */
  amountPaise: positivePaiseSchema,
});
export const waiverRejectBodySchema = z.strictObject({
  id: idSchema,
  reason: z.string().trim().min(1).max(500),
});
export const waiverRejectRetSchema = z.object({
  id: z.int(),
  status: z.literal('rejected'),
});
