import { z } from 'zod';
import { idSchema } from '../common/fields.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { withRanges } from '../common/rules.js';

/** An India calendar date, YYYY-MM-DD (Asia/Kolkata). */
export const logDateSchema = z.iso.date();

/**
 * Why a sign-in attempt was refused. The first three are answers to a checked password;
 * the others are refusals by the throttle before any password is checked (decision 0023).
 * `throttled` is the single refusal of the earlier throttle, kept for the rows it wrote.
 */
export const loginFailureReasonSchema = z.enum([
  'unknown_email',
  'bad_password',
  'account_disabled',
  'account_slowed',
  'account_blocked',
  'blocked_for_address',
  'address_slowed',
  'throttled',
]);
export type LoginFailureReason = z.infer<typeof loginFailureReasonSchema>;

export const loginLogEntrySchema = z.object({
  id: z.int(),
  /** The e-mail as typed (trimmed, lower-cased). */
  email: z.string(),
  userId: z.int().nullable(),
  userName: z.string().nullable(),
  success: z.boolean(),
  failureReason: loginFailureReasonSchema.nullable(),
  ip: z.string(),
  userAgent: z.string(),
  /** Instant (ISO, UTC); the console shows it in India time. */
  at: z.string(),
});
export type LoginLogEntry = z.infer<typeof loginLogEntrySchema>;

export const loginLogFiltersSchema = withRanges(
  z.strictObject({
    email: z.string().trim().max(254).optional(),
    result: z.enum(['success', 'failure']).optional(),
    ip: z.string().trim().max(64).optional(),
    /** India dates, both inclusive. */
    dateFrom: logDateSchema.optional(),
    dateTo: logDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const loginLogBodySchema = listRequestSchema(loginLogFiltersSchema, ['id', 'at']);
export type LoginLogBody = z.input<typeof loginLogBodySchema>;
export const loginLogRetSchema = listResultSchema(loginLogEntrySchema);

export const operationLogEntrySchema = z.object({
  id: z.int(),
  actorId: z.int().nullable(),
  actorName: z.string(),
  actorEmail: z.string(),
  /** The interface id of the call (`power.save_role`), or the system action. */
  action: z.string(),
  module: z.string(),
  summary: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  ip: z.string(),
  at: z.string(),
});
export type OperationLogEntry = z.infer<typeof operationLogEntrySchema>;

export const operationLogDetailSchema = operationLogEntrySchema.extend({
  userAgent: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** The request body with passwords and tokens removed. */
  request: z.unknown(),
});
export type OperationLogDetail = z.infer<typeof operationLogDetailSchema>;

export const operationLogFiltersSchema = withRanges(
  z.strictObject({
    actorId: idSchema.optional(),
    /** Matches the actor's name or e-mail (contains). */
    actor: z.string().trim().max(254).optional(),
    module: z.string().trim().max(50).optional(),
    action: z.string().trim().max(100).optional(),
    targetType: z.string().trim().max(50).optional(),
    targetId: z.string().trim().max(100).optional(),
    dateFrom: logDateSchema.optional(),
    dateTo: logDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const operationLogBodySchema = listRequestSchema(operationLogFiltersSchema, ['id', 'at']);
export type OperationLogBody = z.input<typeof operationLogBodySchema>;
export const operationLogRetSchema = listResultSchema(operationLogEntrySchema);
export const operationLogDetailBodySchema = z.strictObject({ id: idSchema });
