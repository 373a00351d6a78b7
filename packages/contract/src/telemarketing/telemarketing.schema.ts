import { z } from 'zod';
import { idSchema, phoneSearchSchema } from '../common/fields.js';
import { indiaDateSchema } from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';

/**
 * Telemarketing (issue #14, decision 0040): staff call registered users who have not borrowed,
 * or cleared and not borrowed again, to bring them to apply. A lead (one phone on the call
 * list) is assigned by the telemarketing lead to one telemarketer, who calls it and records
 * each call's outcome; the rate report follows each day's assignments to applications and
 * payouts.
 */

/**
 * Why the phone is on the call list: one of the /order re-marketing lists it comes from, or a
 * list of phones staff imported from .xlsx (decision 0080).
 */
export const leadSourceSchema = z.enum(['regNotLoan', 'clearNotLoan', 'rejectReapply', 'imported']);
export type LeadSource = z.infer<typeof leadSourceSchema>;

/**
 * A call's outcome (docs/product.md §4 follow: promise / connected / not connected); promise = to
 * apply.
 */
export const callOutcomeSchema = z.enum(['promise', 'connected', 'notConnected']);
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

/**
 * Why the server refused to record a call (decision 0057): outside the calling hours in force.
 * The refused attempt is kept in the call history but is no call (not in any count).
 */
export const callRefusalSchema = z.enum(['outsideHours', 'callCap']);
export type CallRefusal = z.infer<typeof callRefusalSchema>;

/** A lead's follow status: its last call's outcome, or `new` before the first call. */
export const leadFollowStatusSchema = z.enum(['new', 'promise', 'connected', 'notConnected']);
export type LeadFollowStatus = z.infer<typeof leadFollowStatusSchema>;

/** How far the lead went after its assignment: an application, then a payout. */
export const leadConversionSchema = z.enum(['none', 'applied', 'disbursed']);
export type LeadConversion = z.infer<typeof leadConversionSchema>;

/** userList: the call list. A telemarketer sees only the leads assigned to them. */
export const leadListFiltersSchema = z.strictObject({
  phone: phoneSearchSchema.optional(),
  source: leadSourceSchema.optional(),
  followStatus: leadFollowStatusSchema.optional(),
  telemarketerId: idSchema.optional(),
  /** Only leads nobody holds yet (the lead's pool). */
  unassigned: z.boolean().optional(),
  /** Leads whose next call is due on or before this India date. */
  nextCallBy: indiaDateSchema.optional(),
});

export const leadRowSchema = z.object({
  id: z.int(),
  source: leadSourceSchema,
  /** Masked; null when the app profile was never saved. */
  customerName: z.string().nullable(),
  /** Masked (******3210); the full number through telemarketing.lead_phone (audited). */
  phone: z.string(),
  /**
   * The registration date (regNotLoan), the last loan's clearing date (clearNotLoan), or the
   * first day a rejected borrower may apply again (rejectReapply), or the India day the phone
   * was imported (imported).
   */
  sinceDate: indiaDateSchema,
  telemarketerId: z.int().nullable(),
  telemarketerName: z.string().nullable(),
  assignedAt: z.string().nullable(),
  followStatus: leadFollowStatusSchema,
  calls: z.int(),
  /** Calls this number had today (India day), whoever made them; refused attempts are none. */
  callsToday: z.int(),
  /** The daily cap in force (operations setting telemarketing_call_cap, decision 0063). */
  callCap: z.int(),
  /**
   * The number opted out of marketing (a STOP reply, the DND registry or a request to staff):
   * it stays on the list, shown as such, and the server refuses every call to it (decision 0068).
   */
  optedOut: z.boolean(),
  lastCallAt: z.string().nullable(),
  nextCallDate: indiaDateSchema.nullable(),
  conversion: leadConversionSchema,
});
export type LeadRow = z.infer<typeof leadRowSchema>;
export const leadListBodySchema = listRequestSchema(leadListFiltersSchema, [
  'sinceDate',
  'nextCallDate',
  'lastCallAt',
  'assignedAt',
]);
/**
 * The calling hours in force (operations setting telemarketing_call_hours within the lawful
 * 08:00–19:00 India time), "HH:MM", and whether the server's clock is inside them now: the
 * call dialog shows them before the call (decision 0057).
 */
export const callHoursSchema = z.object({
  start: z.string(),
  end: z.string(),
  withinHours: z.boolean(),
});
export type CallHours = z.infer<typeof callHoursSchema>;
export const leadListRetSchema = listResultSchema(leadRowSchema).extend({
  callHours: callHoursSchema,
});

/** Puts the users who qualify now on the call list (each phone once). */
export const leadRefreshBodySchema = z.strictObject({}).optional();
export const leadRefreshRetSchema = z.object({ added: z.int() });

/** The lead hands leads to a telemarketer (a lead held by another moves to this one). */
export const leadAssignBodySchema = z.strictObject({
  leadIds: z.array(idSchema).min(1, 'select users to allocate').max(200),
  telemarketerId: idSchema,
});
export const leadAssignRetSchema = z.object({ assigned: z.int() });

/** The staff who may be given leads: accounts whose role records telemarketing calls. */
export const telemarketerListBodySchema = z.strictObject({}).optional();
export const telemarketerListRetSchema = z.object({
  list: z.array(
    z.object({
      userId: z.int(),
      name: z.string(),
      /** Leads held now. */
      leads: z.int(),
    }),
  ),
});

/** One lead's phone in full, for the call (audited; only the assigned telemarketer or a lead). */
export const leadPhoneBodySchema = z.strictObject({ leadId: idSchema });
export const leadPhoneRetSchema = z.object({ phone: z.string() });

/** A call made: its outcome, remarks and the next call's date (today or later). */
export const callRecordBodySchema = z.strictObject({
  leadId: idSchema,
  outcome: callOutcomeSchema,
  remarks: z.string().trim().min(1, 'fill remarks').max(500),
  nextCallDate: indiaDateSchema.optional(),
});
export const callRecordRetSchema = z.object({ callId: z.int() });

/** checkList: the calls made. A telemarketer sees only their own. */
export const callListFiltersSchema = withRanges(
  z.strictObject({
    phone: phoneSearchSchema.optional(),
    telemarketerId: idSchema.optional(),
    /** An outcome, or `refused`: the attempts the server refused. */
    outcome: z.enum([...callOutcomeSchema.options, 'refused']).optional(),
    calledFrom: indiaDateSchema.optional(),
    calledTo: indiaDateSchema.optional(),
  }),
  ['calledFrom', 'calledTo'],
);
export const callRowSchema = z.object({
  id: z.int(),
  leadId: z.int(),
  source: leadSourceSchema,
  customerName: z.string().nullable(),
  phone: z.string(),
  telemarketerName: z.string(),
  /** Null on a refused attempt. */
  outcome: callOutcomeSchema.nullable(),
  refused: z.boolean(),
  refusal: callRefusalSchema.nullable(),
  /** The calling hours in force when it was refused, "08:00–19:00". */
  refusalHours: z.string().nullable(),
  remarks: z.string(),
  nextCallDate: indiaDateSchema.nullable(),
  calledAt: z.string(),
});
export type CallRow = z.infer<typeof callRowSchema>;
export const callListBodySchema = listRequestSchema(callListFiltersSchema, ['calledAt']);
export const callListRetSchema = listResultSchema(callRowSchema);

/**
 * telemarketingRate: per telemarketer and India day of assignment, the leads assigned that
 * day and how many of THOSE were called, connected, applied and were paid out (a cohort, so
 * every rate is a true fraction of its denominator). Rates in ppm; null when nothing to divide.
 */
export const rateBodySchema = withRanges(
  z.strictObject({
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
    telemarketerId: idSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);

export const rateRowSchema = z.object({
  /** `<date>:<telemarketerId>`, or `total`. */
  key: z.string(),
  /** Null on the total row. */
  date: indiaDateSchema.nullable(),
  telemarketerId: z.int().nullable(),
  telemarketerName: z.string().nullable(),
  assigned: z.int(),
  called: z.int(),
  connected: z.int(),
  applied: z.int(),
  disbursed: z.int(),
  /** called ÷ assigned. */
  calledRatePpm: z.int().nullable(),
  /** connected ÷ called. */
  connectedRatePpm: z.int().nullable(),
  /** applied ÷ assigned (the conversion). */
  appliedRatePpm: z.int().nullable(),
  /** disbursed ÷ assigned. */
  disbursedRatePpm: z.int().nullable(),
});
export type RateRow = z.infer<typeof rateRowSchema>;
export const rateRetSchema = z.object({
  dateFrom: indiaDateSchema,
  dateTo: indiaDateSchema,
  list: z.array(rateRowSchema),
  total: rateRowSchema,
});
