import { z } from 'zod';
import { idSchema, phoneSearchSchema } from '../common/fields.js';
import {
  idempotencyKeySchema,
  indiaDateSchema,
  paiseSchema,
  positivePaiseSchema,
} from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { crossFieldRules, withRanges } from '../common/rules.js';

/** What a coupon takes off: interest, or charges (rollover fee, then penal); never principal. */
export const couponTargetSchema = z.enum(['interest', 'charges']);
export type CouponTargetKind = z.infer<typeof couponTargetSchema>;
/** A fixed amount in paise, or a percent of the target capped at an amount. */
export const couponFaceKindSchema = z.enum(['amount', 'percent']);
/** Coupon available / unavailable (an unavailable coupon cannot be sent). */
export const couponStatusSchema = z.enum(['available', 'unavailable']);
/** A sent coupon: not used yet, used on a loan, or past its last day unused. */
export const sentCouponStateSchema = z.enum(['unused', 'used', 'expired']);
export type SentCouponState = z.infer<typeof sentCouponStateSchema>;

/** /coupon/list: one coupon template (docs/product.md §3 coupon fields). */
export const couponSchema = z.object({
  id: z.int(),
  title: z.string(),
  target: couponTargetSchema,
  faceKind: couponFaceKindSchema,
  /** The reduction amount of an `amount` coupon; the cap of a `percent` one. */
  amountPaise: paiseSchema,
  /** The percent of a `percent` coupon in basis points (1000 = 10 %); null for `amount`. */
  percentBasisPoints: z.int().nullable(),
  totalNumber: z.int(),
  remainingNumber: z.int(),
  /** A sent coupon can be used for this many days, the day it was sent included. */
  validDays: z.int(),
  /** The loan amount at least this much (0: no threshold). */
  thresholdPaise: paiseSchema,
  /** The last India day the coupon can be sent. */
  expiresOn: indiaDateSchema,
  status: couponStatusSchema,
  sentNumber: z.int(),
  usedNumber: z.int(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponFiltersSchema = z.strictObject({
  title: z.string().trim().max(60).optional(),
  status: couponStatusSchema.optional(),
  target: couponTargetSchema.optional(),
});
export const couponListBodySchema = listRequestSchema(couponFiltersSchema, [
  'id',
  'expiresOn',
  'createdAt',
]);
export const couponListRetSchema = listResultSchema(couponSchema);

const basisPointsSchema = z.int().min(1).max(10_000);

/** Create (no id) or edit (id; only a coupon never sent) a coupon. */
export const couponSaveBodySchema = z
  .strictObject({
    id: idSchema.optional(),
    title: z.string().trim().min(1, 'title cannot be empty').max(60),
    target: couponTargetSchema,
    faceKind: couponFaceKindSchema,
    amountPaise: positivePaiseSchema,
    percentBasisPoints: basisPointsSchema.optional(),
    totalNumber: z.int().min(1).max(1_000_000),
    validDays: z.int().min(1).max(365),
    thresholdPaise: paiseSchema,
    expiresOn: indiaDateSchema,
  })
  .refine((body) => body.faceKind === 'amount' || body.percentBasisPoints !== undefined, {
    message: 'a percent coupon needs its percent',
    path: ['percentBasisPoints'],
  })
  .refine((body) => body.faceKind === 'percent' || body.percentBasisPoints === undefined, {
    message: 'only a percent coupon has a percent',
    path: ['percentBasisPoints'],
  })
  .meta(crossFieldRules('percentBasisPoints is given when, and only when, faceKind is percent'));
export type CouponSaveBody = z.input<typeof couponSaveBodySchema>;

export const couponStatusBodySchema = z.strictObject({
  id: idSchema,
  status: couponStatusSchema,
});
export const couponIdBodySchema = z.strictObject({ id: idSchema });
export const couponRetSchema = couponSchema;
export const couponDeleteRetSchema = z.object({ id: z.int() });

/** filterUsers: who a coupon goes to, read from the book (blacklisted borrowers never). */
export const audienceSegmentSchema = z.enum([
  'all',
  'clearedNotReborrowed',
  'registeredNotApplied',
  'overdueHistory',
]);
export type AudienceSegment = z.infer<typeof audienceSegmentSchema>;

export const audienceFiltersSchema = withRanges(
  z.strictObject({
    segment: audienceSegmentSchema,
    customerType: z.enum(['new', 'old']).optional(),
    channel: z.string().trim().max(40).optional(),
    registeredFrom: indiaDateSchema.optional(),
    registeredTo: indiaDateSchema.optional(),
  }),
  ['registeredFrom', 'registeredTo'],
);
export type AudienceFilters = z.input<typeof audienceFiltersSchema>;

/** One borrower of an audience (name and phone masked). */
export const audienceMemberSchema = z.object({
  id: z.int(),
  name: z.string(),
  phone: z.string(),
  channel: z.string(),
  registrationDate: indiaDateSchema,
  customerType: z.enum(['new', 'old']).nullable(),
  loansTaken: z.int(),
});
export const audienceBodySchema = z.strictObject({
  page: z.int().min(1).default(1),
  pageSize: z.int().min(1).max(100).default(20),
  filters: audienceFiltersSchema,
});
export const audienceRetSchema = listResultSchema(audienceMemberSchema).extend({
  /** Borrowers the filters matched who are on the blacklist: left out. */
  blacklisted: z.int(),
});

export const couponSendBodySchema = z.strictObject({
  couponId: idSchema,
  filters: audienceFiltersSchema,
  idempotencyKey: idempotencyKeySchema,
});
export const couponSendRetSchema = z.object({
  batchId: z.int(),
  /** Coupons issued by this send. */
  sent: z.int(),
  /** In the audience but already holding this coupon: not sent again. */
  alreadyHeld: z.int(),
  blacklisted: z.int(),
});

/** /coupon/couponSendingRecord: every coupon sent and whether and when it was used. */
export const sentCouponSchema = z.object({
  id: z.int(),
  batchId: z.int(),
  couponId: z.int(),
  couponTitle: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  sentAt: z.string(),
  /** Null: sent by the demo book's simulator. */
  sentBy: z.string().nullable(),
  expiresOn: indiaDateSchema,
  state: sentCouponStateSchema,
  usedAt: z.string().nullable(),
  orderNo: z.string().nullable(),
  reducedPaise: paiseSchema.nullable(),
});
export const sentCouponFiltersSchema = withRanges(
  z.strictObject({
    couponId: idSchema.optional(),
    phone: phoneSearchSchema.optional(),
    state: sentCouponStateSchema.optional(),
    sentFrom: indiaDateSchema.optional(),
    sentTo: indiaDateSchema.optional(),
  }),
  ['sentFrom', 'sentTo'],
);
export const sentCouponListBodySchema = listRequestSchema(sentCouponFiltersSchema, [
  'id',
  'sentAt',
]);
export const sentCouponListRetSchema = listResultSchema(sentCouponSchema);

/** Borrower API: the borrower's own coupons. */
export const appCouponSchema = z.object({
  id: z.int(),
  title: z.string(),
  target: couponTargetSchema,
  faceKind: couponFaceKindSchema,
  amountPaise: paiseSchema,
  percentBasisPoints: z.int().nullable(),
  thresholdPaise: paiseSchema,
  expiresOn: indiaDateSchema,
  state: sentCouponStateSchema,
  orderId: z.int().nullable(),
  reducedPaise: paiseSchema.nullable(),
});
export const appCouponListRetSchema = z.object({ list: z.array(appCouponSchema) });
export const appApplyCouponBodySchema = z.strictObject({
  orderId: idSchema,
  couponId: idSchema,
  idempotencyKey: idempotencyKeySchema,
});
export const appApplyCouponRetSchema = z.object({
  orderId: z.int(),
  couponId: z.int(),
  /** What the coupon took off. */
  reducedPaise: paiseSchema,
  /** What clears the loan today after it. */
  outstandingPaise: paiseSchema,
});
