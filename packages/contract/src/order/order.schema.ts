import { z } from 'zod';
import { idSchema, phoneSearchSchema } from '../common/fields.js';
import { indiaDateSchema, paiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';
import {
  assetClassSchema,
  closureTypeSchema,
  loanProductKindSchema,
  orderStatusSchema,
} from '../loan-book/loan-book.schema.js';

/** The filters of /order/orderList; India dates are inclusive at both ends. */
export const orderListFiltersSchema = withRanges(
  z.strictObject({
    /** Exact order number (LN…). */
    orderNo: z.string().trim().max(40).optional(),
    phone: phoneSearchSchema.optional(),
    status: orderStatusSchema.optional(),
    /** New customer (first loan) or old customer (re-loan). */
    customerKind: loanProductKindSchema.optional(),
    productId: idSchema.optional(),
    appliedFrom: indiaDateSchema.optional(),
    appliedTo: indiaDateSchema.optional(),
    disbursedFrom: indiaDateSchema.optional(),
    disbursedTo: indiaDateSchema.optional(),
    dueFrom: indiaDateSchema.optional(),
    dueTo: indiaDateSchema.optional(),
    /** The loan amount (principal), paise, inclusive. */
    minAmountPaise: paiseSchema.optional(),
    maxAmountPaise: paiseSchema.optional(),
    /** Loans that owe (ACTIVE, DUE, OVERDUE) in this asset class at the last day-end. */
    rbiClass: assetClassSchema.optional(),
    /** Rolled over while already past due (a rescheduling), or not. */
    rescheduled: z.boolean().optional(),
  }),
  ['appliedFrom', 'appliedTo'],
  ['disbursedFrom', 'disbursedTo'],
  ['dueFrom', 'dueTo'],
  ['minAmountPaise', 'maxAmountPaise'],
);
export type OrderListFilters = z.input<typeof orderListFiltersSchema>;

/** One order of the list; personal data masked by the server. */
export const orderListRowSchema = z.object({
  id: z.int(),
  orderNo: z.string(),
  customerId: z.int(),
  /** Masked (A*** V****). */
  customerName: z.string(),
  /** Masked (******3210). */
  phone: z.string(),
  customerKind: loanProductKindSchema,
  productId: z.int(),
  productName: z.string(),
  principalPaise: paiseSchema,
  tenorDays: z.int(),
  /** Processing fee and its GST, deducted at disbursal. */
  feesPaise: paiseSchema,
  status: orderStatusSchema,
  closureType: closureTypeSchema.nullable(),
  /** Instant (ISO). */
  appliedAt: z.string(),
  disbursalDate: indiaDateSchema.nullable(),
  dueDate: indiaDateSchema.nullable(),
  overdueDays: z.int(),
  /** The asset class of a loan that owes (last day-end); null for any other status. */
  rbiClass: assetClassSchema.nullable(),
  /** Rolled over while already past due (a rescheduling). */
  rescheduled: z.boolean(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

export const orderListBodySchema = listRequestSchema(orderListFiltersSchema, [
  'appliedAt',
  'principalPaise',
  'dueDate',
]);
export type OrderListBody = z.input<typeof orderListBodySchema>;
export const orderListRetSchema = listResultSchema(orderListRowSchema);
