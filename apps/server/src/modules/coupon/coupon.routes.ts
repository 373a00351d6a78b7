import {
  appApplyCoupon,
  appCouponList,
  couponAudience,
  deleteCoupon,
  listCoupons,
  listSentCoupons,
  saveCoupon,
  sendCoupon,
  setCouponStatus,
} from '@lending/contract';
import { callerOf, type EndpointRegistrar } from '../../plugins/access.js';
import { borrowerOf, type AppEndpointRegistrar } from '../../plugins/app-access.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import * as service from './coupon.service.js';
import { useCoupon } from './coupon-use.service.js';

/** Binds the /coupon screens' calls to the service; no SQL here. */
export function registerCouponRoutes(endpoints: EndpointRegistrar, deps: service.CouponDeps) {
  endpoints.register(listCoupons, ({ body }) => service.listCoupons(deps, body));
  endpoints.register(saveCoupon, (context) =>
    service.saveCoupon(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(setCouponStatus, ({ body }) => service.setCouponStatus(deps, body));
  endpoints.register(deleteCoupon, ({ body }) => service.deleteCoupon(deps, body.id));
  endpoints.register(couponAudience, ({ body }) => service.audience(deps, body));
  endpoints.register(sendCoupon, (context) =>
    service.sendCoupon(deps, context.body, callerOf(context).userId),
  );
  endpoints.register(listSentCoupons, ({ body }) => service.listSentCoupons(deps, body));
}

/** The borrower API's coupon calls: the borrower's coupons, and using one on a loan. */
export function registerCouponAppRoutes(
  endpoints: AppEndpointRegistrar,
  deps: service.CouponDeps & { loanBook: LoanBookDeps },
) {
  endpoints.register(appCouponList, (context) =>
    service.borrowerCoupons(deps, borrowerOf(context).borrowerId),
  );
  endpoints.register(appApplyCoupon, (context) =>
    useCoupon(deps.loanBook, borrowerOf(context).borrowerId, context.body),
  );
}
