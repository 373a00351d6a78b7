/**
 * Coupons (/coupon): templates, sending them to an audience read from the book (never to a
 * blacklisted borrower), the record of every coupon sent, and the borrower API's calls to list
 * and use one. Using a coupon is a loan-book posting (marketing expense); see decision 0041.
 */
import type { Database } from '../../plugins/db.js';
import type { ModuleRoutes } from '../../plugins/module.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import { registerCouponAppRoutes, registerCouponRoutes } from './coupon.routes.js';
import type { CouponDeps } from './coupon.service.js';

export { saveCoupon, sendCoupon, setCouponStatus, type CouponDeps } from './coupon.service.js';
export { usableCouponsOf } from './coupon.repository.js';
export { useCoupon } from './coupon-use.service.js';

export interface CouponModuleDeps extends CouponDeps {
  /** The plain database, which the borrower API's calls use (as the borrower app does). */
  rawDb: Database;
  /** Using a coupon posts its discount in the loan book. */
  loanBook: LoanBookDeps;
}

/** The console's coupon screens and the borrower API's list and use of a coupon. */
export function createCouponModule(deps: CouponModuleDeps) {
  const { db, rawDb, clock, loanBook } = deps;
  return {
    registerRoutes(routes: ModuleRoutes) {
      registerCouponRoutes(routes.admin, { db, clock });
      registerCouponAppRoutes(routes.app, { db: rawDb, clock, loanBook });
    },
  };
}
