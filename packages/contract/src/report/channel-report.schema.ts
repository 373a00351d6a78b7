import { z } from 'zod';
import { indiaDateSchema, paiseSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';

/**
 * The channel reports (decision 0039): /report channelMonitoring, conversionRate,
 * registrationReport, borrowAgainRate, channelConversionRate and /toolMage pipelineAnalysis,
 * all read from one per-day, per-channel table the day-end keeps.
 */

/** A share: part ÷ whole as a true fraction (0.5 is 50 %); null when the whole is 0. */
export const shareSchema = z.number().min(0).nullable();

const channelFilters = {
  /** India dates, both inclusive. */
  dateFrom: indiaDateSchema.optional(),
  dateTo: indiaDateSchema.optional(),
  /** An acquisition channel's code (exact); '' is the registrations that named none. */
  channel: z.string().trim().max(64).optional(),
};
const channelFiltersSchema = withRanges(z.strictObject(channelFilters), ['dateFrom', 'dateTo']);

/** channelMonitoring: what each channel's borrowers did on a day. */
export const channelMonitoringFiguresSchema = z.object({
  registrations: z.int(),
  applications: z.int(),
  /** Final review passes of the day. */
  approvals: z.int(),
  disbursedCount: z.int(),
  disbursedPaise: paiseSchema,
  /** Disbursed loans due that day. */
  dueCount: z.int(),
  /** Of those, not cleared by the due date (known once the due date has passed). */
  firstDayOverdue: z.int(),
  overdueRate: shareSchema,
});
export const channelMonitoringRowSchema = channelMonitoringFiguresSchema.extend({
  date: indiaDateSchema,
  channel: z.string(),
});
export type ChannelMonitoringRow = z.infer<typeof channelMonitoringRowSchema>;
export const channelMonitoringBodySchema = listRequestSchema(channelFiltersSchema, [
  'date',
  'channel',
  'registrations',
  'disbursedCount',
  'overdueRate',
]);
export const channelMonitoringRetSchema = listResultSchema(channelMonitoringRowSchema).extend({
  totals: channelMonitoringFiguresSchema,
});

/** registrationReport: the day's registrants of a channel, and how many finished KYC. */
export const registrationFiguresSchema = z.object({
  registrations: z.int(),
  kycCompleted: z.int(),
  kycRate: shareSchema,
  /** Registrants who applied on the day they registered. */
  appliedSameDay: z.int(),
  sameDayApplyRate: shareSchema,
});
export const registrationRowSchema = registrationFiguresSchema.extend({
  date: indiaDateSchema,
  channel: z.string(),
});
export type RegistrationRow = z.infer<typeof registrationRowSchema>;
export const registrationReportBodySchema = listRequestSchema(channelFiltersSchema, [
  'date',
  'channel',
  'registrations',
  'kycRate',
]);
export const registrationReportRetSchema = listResultSchema(registrationRowSchema).extend({
  totals: registrationFiguresSchema,
});

/**
 * The funnel of a cohort of registrants (those who registered in the row's days): how many
 * reached each step by now, and each step's share of the step before it.
 */
export const funnelFiguresSchema = z.object({
  registrations: z.int(),
  kycCompleted: z.int(),
  applied: z.int(),
  machinePassed: z.int(),
  approved: z.int(),
  disbursed: z.int(),
  /** kycCompleted ÷ registrations */
  kycRate: shareSchema,
  /** applied ÷ kycCompleted */
  applyRate: shareSchema,
  /** machinePassed ÷ applied */
  machinePassRate: shareSchema,
  /** approved ÷ machinePassed */
  approveRate: shareSchema,
  /** disbursed ÷ approved */
  disburseRate: shareSchema,
  /** disbursed ÷ registrations: the whole funnel */
  conversionRate: shareSchema,
});
export type FunnelFigures = z.infer<typeof funnelFiguresSchema>;

export const conversionGranularitySchema = z.enum(['day', 'week']);
export const conversionRowSchema = funnelFiguresSchema.extend({
  /** The India day, or the Monday that starts the week. */
  period: indiaDateSchema,
});
export type ConversionRow = z.infer<typeof conversionRowSchema>;
export const conversionRateBodySchema = listRequestSchema(
  withRanges(
    z.strictObject({ ...channelFilters, granularity: conversionGranularitySchema.optional() }),
    ['dateFrom', 'dateTo'],
  ),
  ['period', 'registrations', 'conversionRate'],
);
export const conversionRateRetSchema = listResultSchema(conversionRowSchema).extend({
  totals: funnelFiguresSchema,
});

export const channelFunnelRowSchema = funnelFiguresSchema.extend({ channel: z.string() });
export type ChannelFunnelRow = z.infer<typeof channelFunnelRowSchema>;
export const channelConversionBodySchema = listRequestSchema(channelFiltersSchema, [
  'channel',
  'registrations',
  'conversionRate',
]);
export const channelConversionRetSchema = listResultSchema(channelFunnelRowSchema).extend({
  totals: funnelFiguresSchema,
});

export const pipelineRowSchema = funnelFiguresSchema.extend({
  date: indiaDateSchema,
  channel: z.string(),
});
export type PipelineRow = z.infer<typeof pipelineRowSchema>;
export const pipelineAnalysisBodySchema = listRequestSchema(channelFiltersSchema, [
  'date',
  'channel',
  'registrations',
  'conversionRate',
]);
export const pipelineAnalysisRetSchema = listResultSchema(pipelineRowSchema).extend({
  totals: funnelFiguresSchema,
});

/**
 * borrowAgainRate: loans cleared on a day and how many of their borrowers had a new loan
 * disbursed within 3, 7 and 30 days of clearing (a rollover extends a loan: not a new one).
 */
export const borrowAgainFiguresSchema = z.object({
  cleared: z.int(),
  within3: z.int(),
  within7: z.int(),
  within30: z.int(),
  rate3: shareSchema,
  rate7: shareSchema,
  rate30: shareSchema,
});
export const borrowAgainRowSchema = borrowAgainFiguresSchema.extend({ date: indiaDateSchema });
export type BorrowAgainRow = z.infer<typeof borrowAgainRowSchema>;
export const borrowAgainBodySchema = listRequestSchema(channelFiltersSchema, [
  'date',
  'rate7',
  'rate30',
]);
export const borrowAgainRetSchema = listResultSchema(borrowAgainRowSchema).extend({
  totals: borrowAgainFiguresSchema,
});
