import { z } from 'zod';
import { indiaDateSchema, paiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';

/** New customers (first loan) and old (an earlier loan was disbursed), or both together. */
export const reportCustomerTypeSchema = z.enum(['all', 'new', 'old']);

const reportFiltersSchema = withRanges(
  z.strictObject({
    /** India dates, both inclusive. */
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
    /** Default `all`. */
    customerType: reportCustomerTypeSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);

/** /report/dailyOrderAnalysis: one India day's figures (kept by events and the day-end). */
export const dailyOrderFiguresSchema = z.object({
  applications: z.int(),
  machinePass: z.int(),
  /** Machine review's grey cases, passed on to first review (not in machinePass). */
  machineRefer: z.int(),
  machineReject: z.int(),
  manualPass: z.int(),
  manualReject: z.int(),
  disbursedCount: z.int(),
  disbursedPaise: paiseSchema,
  netDisbursedPaise: paiseSchema,
  feePaise: paiseSchema,
  gstPaise: paiseSchema,
  repaymentCount: z.int(),
  repaidPaise: paiseSchema,
  cleared: z.int(),
});
export const dailyOrderRowSchema = dailyOrderFiguresSchema.extend({
  date: indiaDateSchema,
  customerType: reportCustomerTypeSchema,
});
export type DailyOrderRow = z.infer<typeof dailyOrderRowSchema>;
export const dailyOrderBodySchema = listRequestSchema(reportFiltersSchema, ['date']);
export const dailyOrderRetSchema = listResultSchema(dailyOrderRowSchema).extend({
  totals: dailyOrderFiguresSchema,
});

/**
 * /report/orderOverdue: one due-date cohort (docs/product.md §9 bands 1–7 and 8 days and above).
 */
export const overdueCohortFiguresSchema = z.object({
  dueCount: z.int(),
  dueAmountPaise: paiseSchema,
  /** Not cleared by the due date. */
  firstDayOverdue: z.int(),
  /** Overdue 1 to 7 days at most, then cleared. */
  overdue1to7: z.int(),
  /** Reached 8 days overdue and above. */
  overdue8plus: z.int(),
  /** Overdue, then cleared. */
  recovered: z.int(),
});
export const overdueCohortRowSchema = overdueCohortFiguresSchema.extend({
  dueDate: indiaDateSchema,
  customerType: reportCustomerTypeSchema,
});
export type OverdueCohortRow = z.infer<typeof overdueCohortRowSchema>;
export const overdueCohortBodySchema = listRequestSchema(reportFiltersSchema, ['dueDate']);
export const overdueCohortRetSchema = listResultSchema(overdueCohortRowSchema).extend({
  totals: overdueCohortFiguresSchema,
});
