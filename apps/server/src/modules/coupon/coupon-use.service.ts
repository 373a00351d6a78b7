import type { CouponTerms } from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { postCouponDiscount, type LoanBookDeps } from '../loan-book/index.js';
import {
  customerOfAccount,
  findCoupon,
  lockIssuedCoupon,
  markIssuedCouponUsed,
  orderHasCoupon,
} from './coupon.repository.js';
import type { CouponRow } from './coupon.table.js';

export interface CouponUseInput {
  orderId: number;
  couponId: number;
  idempotencyKey: string;
}

function termsOf(coupon: CouponRow): CouponTerms {
  return {
    target: coupon.target,
    face:
      coupon.faceKind === 'amount'
        ? { kind: 'amount', amount: coupon.amountPaise }
        : { kind: 'percent', basisPoints: coupon.percentBasisPoints ?? 0, cap: coupon.amountPaise },
    threshold: coupon.thresholdPaise,
  };
}

/**
 * The borrower uses one of their coupons on one of their open loans before repaying: the loan
 * book posts the reduction (marketing expense) under the key, and the coupon turns used in the
 * same transaction. Someone else's loan or coupon is not found; a used or expired coupon, or a
 * second coupon on one loan, is refused with its own code.
 */
export async function useCoupon(loanBook: LoanBookDeps, borrowerId: number, input: CouponUseInput) {
  const customerId = await customerOfAccount(loanBook.db, borrowerId);
  return postCouponDiscount(loanBook, input, null, {
    claim: async (ctx) => {
      if (!customerId || ctx.order.customerId !== customerId)
        throw new AppError('notFound', { field: 'orderId', detail: String(input.orderId) });
      const held = await lockIssuedCoupon(ctx.tx, input.couponId);
      if (!held || held.borrowerAccountId !== borrowerId)
        throw new AppError('notFound', { field: 'couponId', detail: String(input.couponId) });
      const coupon = await findCoupon(ctx.tx, held.couponId);
      const label = coupon!.title;
      if (held.status === 'used') throw new AppError('couponAlreadyUsed', { field: label });
      if (held.expiresOn < ctx.businessDate)
        throw new AppError('couponExpired', { field: label, detail: held.expiresOn });
      if (await orderHasCoupon(ctx.tx, ctx.order.id)) {
        throw new AppError('couponNotApplicable', {
          field: label,
          detail: 'the loan already has a coupon (one coupon per loan)',
        });
      }
      return { label, terms: termsOf(coupon!) };
    },
    markUsed: async (ctx, used) => {
      await markIssuedCouponUsed(ctx.tx, input.couponId, {
        usedAt: ctx.now,
        orderId: ctx.order.id,
        reducedPaise: used.reduced,
        journalId: used.journalId,
      });
    },
  });
}
