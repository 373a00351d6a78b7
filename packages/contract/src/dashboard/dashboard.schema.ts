import { z } from 'zod';
import { indiaDateSchema, paiseSchema } from '../common/money.js';
import { assetClassSchema } from '../loan-book/loan-book.schema.js';

/** The last three days, nearly a week, the last month — each ending today (India). */
export const dashboardRangeSchema = z.enum(['last3days', 'lastWeek', 'lastMonth']);
export type DashboardRangeKey = z.infer<typeof dashboardRangeSchema>;

/** How many India calendar days each range spans, today included. */
export const DASHBOARD_RANGE_DAYS: Record<DashboardRangeKey, number> = {
  last3days: 3,
  lastWeek: 7,
  lastMonth: 30,
};

export const dashboardSummaryBodySchema = z.strictObject({ range: dashboardRangeSchema });
export type DashboardSummaryBody = z.infer<typeof dashboardSummaryBodySchema>;

const countAmountSchema = z.object({ count: z.int().min(0), amountPaise: paiseSchema });

/** The figures of one India date (or of the whole range). */
export const dashboardFiguresSchema = z.object({
  /** Borrowers who registered (verified their phone) or were entered as customers. */
  registrations: z.int().min(0),
  /** Orders applied for. */
  applications: z.int().min(0),
  /** Orders that passed final review. */
  approvals: z.int().min(0),
  /** Processed disbursal payouts (net amount paid out). */
  disbursals: countAmountSchema,
  /** Repayments received and not reversed. */
  repayments: countAmountSchema,
  /** Loans whose due date falls on the day (amount: the key fact statement's amount due). */
  due: countAmountSchema,
  /** Of those, loans now overdue (amount: what they still owe). */
  overdue: countAmountSchema,
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardDaySchema = dashboardFiguresSchema.extend({ date: indiaDateSchema });
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** The loans that owe now (ACTIVE, DUE, OVERDUE) of one asset class, as the last day-end left them. */
export const assetClassFiguresSchema = z.object({
  assetClass: assetClassSchema,
  /** How many loans. */
  count: z.int().min(0),
  /** What they owe: principal, interest, fee, GST and penal charges. */
  outstandingPaise: paiseSchema,
  /** Interest and penal charges owed but held in suspense, out of income (an NPA's). */
  suspensePaise: paiseSchema,
});
export type AssetClassFigures = z.infer<typeof assetClassFiguresSchema>;

export const dashboardSummarySchema = z.object({
  range: dashboardRangeSchema,
  from: indiaDateSchema,
  to: indiaDateSchema,
  /** 'YYYY-MM-DD 23:59:59', India time: the figures count everything up to then. */
  asOf: z.string(),
  /** The server's current India time, 'YYYY-MM-DD HH:mm:ss'. */
  indiaNow: z.string(),
  totals: dashboardFiguresSchema,
  /** One entry per India date from `from` to `to`, oldest first. */
  daily: z.array(dashboardDaySchema),
  /** The book by asset class now (not the range's): every class, STANDARD to NPA, in that order. */
  assetClasses: z.array(assetClassFiguresSchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
