import { defineEndpoint } from '../endpoint.js';
import {
  appApplyCouponBodySchema,
  appApplyCouponRetSchema,
  appCouponListRetSchema,
  audienceBodySchema,
  audienceRetSchema,
  couponDeleteRetSchema,
  couponIdBodySchema,
  couponListBodySchema,
  couponListRetSchema,
  couponRetSchema,
  couponSaveBodySchema,
  couponSendBodySchema,
  couponSendRetSchema,
  couponStatusBodySchema,
  sentCouponListBodySchema,
  sentCouponListRetSchema,
} from './coupon.schema.js';
import { emptyAppBodySchema } from '../app/app.schema.js';

export const listCoupons = defineEndpoint({
  id: 'coupon.list',
  method: 'POST',
  summary: 'Coupon templates with how many were sent and used',
  access: 'granted',
  mutates: false,
  body: couponListBodySchema,
  query: undefined,
  ret: couponListRetSchema,
});

export const saveCoupon = defineEndpoint({
  id: 'coupon.save',
  method: 'POST',
  summary: 'Create a coupon, or edit one never sent',
  access: 'granted',
  mutates: true,
  errors: ['couponAlreadySent', 'notFound'],
  body: couponSaveBodySchema,
  query: undefined,
  ret: couponRetSchema,
});

export const setCouponStatus = defineEndpoint({
  id: 'coupon.set_status',
  method: 'POST',
  summary: 'Make a coupon available or unavailable for sending',
  access: 'granted',
  mutates: true,
  errors: ['notFound'],
  body: couponStatusBodySchema,
  query: undefined,
  ret: couponRetSchema,
});

export const deleteCoupon = defineEndpoint({
  id: 'coupon.delete',
  method: 'POST',
  summary: 'Delete a coupon never sent (permanent)',
  access: 'granted',
  mutates: true,
  errors: ['couponAlreadySent', 'notFound'],
  body: couponIdBodySchema,
  query: undefined,
  ret: couponDeleteRetSchema,
});

export const couponAudience = defineEndpoint({
  id: 'coupon.audience',
  method: 'POST',
  summary: 'The borrowers a coupon send would reach (blacklisted left out), masked',
  access: 'granted',
  mutates: false,
  body: audienceBodySchema,
  query: undefined,
  ret: audienceRetSchema,
});

export const sendCoupon = defineEndpoint({
  id: 'coupon.send',
  method: 'POST',
  summary: 'Send a coupon to a filtered audience (once per idempotency key)',
  access: 'granted',
  mutates: true,
  errors: ['couponStockExhausted', 'couponUnavailable', 'idempotencyKeyReused', 'notFound'],
  body: couponSendBodySchema,
  query: undefined,
  ret: couponSendRetSchema,
});

export const listSentCoupons = defineEndpoint({
  id: 'coupon.sent_list',
  method: 'POST',
  summary: 'Every coupon sent: unused, used (on which loan, how much) or expired',
  access: 'granted',
  mutates: false,
  body: sentCouponListBodySchema,
  query: undefined,
  ret: sentCouponListRetSchema,
});

export const couponEndpoints = [
  listCoupons,
  saveCoupon,
  setCouponStatus,
  deleteCoupon,
  couponAudience,
  sendCoupon,
  listSentCoupons,
] as const;

/** Borrower API (/app-api): the borrower's coupons, and using one on a loan before repaying. */
export const appCouponList = defineEndpoint({
  id: 'app.coupon.list',
  method: 'POST',
  summary: "The borrower's coupons: unused, used or expired",
  access: 'session',
  mutates: false,
  body: emptyAppBodySchema,
  query: undefined,
  ret: appCouponListRetSchema,
});

export const appApplyCoupon = defineEndpoint({
  id: 'app.coupon.apply',
  method: 'POST',
  summary: 'Use a coupon on a loan: what the repayment must be drops by its reduction',
  access: 'session',
  mutates: true,
  errors: [
    'couponAlreadyUsed',
    'couponExpired',
    'couponNotApplicable',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
  ],
  body: appApplyCouponBodySchema,
  query: undefined,
  ret: appApplyCouponRetSchema,
});
