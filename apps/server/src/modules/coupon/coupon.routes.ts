import { couponApi } from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import { borrowerOf, type AppEndpointRegistrar } from '../../plugins/app-access.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import * as service from './coupon.service.js';
import { useCoupon } from './coupon-use.service.js';

/** Binds the /coupon screens' calls to the service; no SQL here. */
export function registerCouponRoutes(endpoints: EndpointRegistrar, deps: service.CouponDeps) {
  endpoints.register(couponApi.listCoupons, ({ body }) => service.listCoupons(deps, body));
  endpoints.register(couponApi.saveCoupon, (context) =>
    service.saveCoupon(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(couponApi.setCouponStatus, ({ body }) => service.setCouponStatus(deps, body));
  endpoints.register(couponApi.deleteCoupon, ({ body }) => service.deleteCoupon(deps, body.id));
  endpoints.register(couponApi.couponAudience, ({ body }) => service.audience(deps, body));
  endpoints.register(couponApi.sendCoupon, (context) =>
    service.sendCoupon(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(couponApi.listSentCoupons, ({ body }) => service.listSentCoupons(deps, body));
}

/** The borrower API's coupon calls: the borrower's coupons, and using one on a loan. */
export function registerCouponAppRoutes(
  endpoints: AppEndpointRegistrar,
  deps: service.CouponDeps & { loanBook: LoanBookDeps },
) {
  endpoints.register(couponApi.appCouponList, (context) =>
    service.borrowerCoupons(deps, borrowerOf(context).borrowerId),
  );
  endpoints.register(couponApi.appApplyCoupon, (context) =>
    useCoupon(deps.loanBook, borrowerOf(context).borrowerId, context.body),
  );
}
