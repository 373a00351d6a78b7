import { addDays } from '@lending/lending';
import { findBorrowerByPhone } from '../modules/borrower-app/index.js';
import {
  saveCoupon,
  sendCoupon,
  setCouponStatus,
  usableCouponsOf,
  useCoupon,
  type CouponDeps,
} from '../modules/coupon/index.js';
import type { LoanBookDeps } from '../modules/loan-book/index.js';
import { AppError } from '../shared/app-error.js';
import type { Prng } from './prng.js';

export interface CouponBook {
  /** Sent to cleared borrowers who have not borrowed again. */
  welcomeBackId: number;
  /** Sent to borrowers who registered and never applied. */
  firstLoanId: number;
}

/**
 * The marketing team's coupons in the demo book (first morning): a fixed ₹40 off interest for
 * borrowers who cleared and have not come back (valid 7 days, so some expire unused), 20 % off
 * fees and penal charges up to ₹100 for the registered who never applied, and a festive coupon
 * left unavailable and never sent. Created through the coupon service, as the console does.
 */
export async function setUpCoupons(deps: CouponDeps, firstDay: string, days: number) {
  const lastSendingDay = addDays(firstDay, days + 30);
  const welcomeBack = await saveCoupon(
    deps,
    {
      title: 'Welcome back ₹40 off interest',
      target: 'interest',
      faceKind: 'amount',
      amountPaise: 4_000,
      totalNumber: 5_000,
      validDays: 7,
      thresholdPaise: 100_000,
      expiresOn: lastSendingDay,
    },
    null,
  );
  const firstLoan = await saveCoupon(
    deps,
    {
      title: 'First loan: 20% off charges',
      target: 'charges',
      faceKind: 'percent',
      percentBasisPoints: 2_000,
      amountPaise: 10_000,
      totalNumber: 5_000,
      validDays: 30,
      thresholdPaise: 0,
      expiresOn: lastSendingDay,
    },
    null,
  );
  const festive = await saveCoupon(
    deps,
    {
      title: 'Diwali ₹75 off interest',
      target: 'interest',
      faceKind: 'amount',
      amountPaise: 7_500,
      totalNumber: 1_000,
      validDays: 10,
      thresholdPaise: 300_000,
      expiresOn: lastSendingDay,
    },
    null,
  );
  await setCouponStatus(deps, { id: festive.id, status: 'unavailable' });
  return { welcomeBackId: welcomeBack.id, firstLoanId: firstLoan.id } satisfies CouponBook;
}

/** Every fourth day (11:00) marketing sends both coupons to their audiences. */
export async function sendCoupons(deps: CouponDeps, book: CouponBook, date: string, day: number) {
  if (day % 4 !== 1) return;
  await sendCoupon(
    deps,
    {
      couponId: book.welcomeBackId,
      filters: { segment: 'clearedNotReborrowed' },
      idempotencyKey: `sim-coupon-send-${book.welcomeBackId}-${date}`,
    },
    null,
  );
  await sendCoupon(
    deps,
    {
      couponId: book.firstLoanId,
      filters: { segment: 'registeredNotApplied' },
      idempotencyKey: `sim-coupon-send-${book.firstLoanId}-${date}`,
    },
    null,
  );
}

/**
 * Before paying off a loan, a borrower holding a usable coupon uses it most of the time
 * (through the same service as the borrower API's /coupon/apply). A coupon the loan does not
 * qualify for (below the threshold, nothing it reduces owed) is simply kept.
 */
export async function useCouponBeforePaying(
  deps: CouponDeps & { loanBook: LoanBookDeps },
  prng: Prng,
  phone: string,
  orderId: number,
  today: string,
): Promise<boolean> {
  const account = await findBorrowerByPhone(deps.db, phone);
  if (!account) return false;
  const [held] = await usableCouponsOf(deps.db, [account.id], today);
  if (!held || !prng.chance(0.7)) return false;
  try {
    await useCoupon(deps.loanBook, account.id, {
      orderId,
      couponId: held.id,
      idempotencyKey: `sim-coupon-use-${held.id}`,
    });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}
