/**
 * Coupons (/coupon): templates, sending them to an audience read from the book (never to a
 * blacklisted borrower), the record of every coupon sent, and the borrower API's calls to list
 * and use one. Using a coupon is a loan-book posting (marketing expense); see decision 0041.
 */
export { registerCouponRoutes, registerCouponAppRoutes } from './coupon.routes.js';
export {
  saveCoupon,
  sendCoupon,
  setCouponStatus,
  usableCouponsOf,
  type CouponDeps,
} from './coupon.service.js';
export { useCoupon } from './coupon-use.service.js';
