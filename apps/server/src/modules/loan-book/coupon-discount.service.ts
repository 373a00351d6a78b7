import {
  addDays,
  applyCoupon,
  totalOf,
  type ComponentAmounts,
  type CouponTerms,
} from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { recordAudit } from '../audit/index.js';
import { balanceColumns, balancesOf, updateOrder } from './orders.repository.js';
import {
  auditView,
  runKeyedOrderCommand,
  type CommandContext,
  type LoanBookDeps,
} from './order-command.js';
import { catchUpAccruals } from './accruals.js';
import { postCommandJournals } from './command-journals.js';
import { recogniseIncome } from './income-recognition.js';
import { termsFromJson } from './paise-json.js';

/** The coupon being used, as its owner (the coupon module) checked and locked it. */
export interface ClaimedCoupon {
  /** How the coupon names itself in errors (its title). */
  label: string;
  terms: CouponTerms;
}

export interface CouponDiscountHooks {
  /**
   * Inside the command's transaction, with the order locked: check the coupon may be used on
   * this order (owner, unused, not expired), lock it and return its terms. Throws to refuse.
   */
  claim(ctx: CommandContext): Promise<ClaimedCoupon>;
  /** Inside the same transaction, after the ledger posting: mark the coupon used. */
  markUsed(
    ctx: CommandContext,
    used: { amounts: ComponentAmounts; reduced: bigint; journalId: number },
  ): Promise<void>;
}

const REFUSALS = {
  BELOW_THRESHOLD: 'the loan amount is below its threshold',
  PRINCIPAL_REPAID: 'the loan has only charges left: use it before the last payment',
  NOTHING_TO_REDUCE: 'nothing it reduces is owed on this loan',
} as const;

/**
 * A coupon used on an open loan: missed day-ends are accrued first, the engine's `applyCoupon`
 * takes its reduction off interest or charges, and the balanced journal (marketing expense
 * against the receivables) is posted once under the caller's idempotency key. The order row is
 * locked for the whole command, so a coupon and a repayment on the same loan never interleave;
 * the coupon's own row lock (in `claim`) keeps one coupon from being used twice.
 */
export function postCouponDiscount(
  deps: LoanBookDeps,
  input: { orderId: number; idempotencyKey: string; couponId: number },
  actorId: number | null,
  hooks: CouponDiscountHooks,
) {
  return runKeyedOrderCommand(deps, 'coupon', input, async (ctx) => {
    if (!['ACTIVE', 'DUE', 'OVERDUE'].includes(ctx.order.status)) {
      throw new AppError('orderStateConflict', {
        field: ctx.order.orderNo,
        detail: ctx.order.status,
      });
    }
    const coupon = await hooks.claim(ctx);
    const balances = balancesOf(ctx.order)!;
    const terms = termsFromJson(ctx.order.terms);
    const caughtUp = catchUpAccruals(
      ctx.order.id,
      balances,
      terms,
      addDays(ctx.businessDate, -1),
      ctx.now,
    );
    const step = applyCoupon(caughtUp.loan, coupon.terms);
    if (!step.ok) {
      throw new AppError('couponNotApplicable', {
        field: coupon.label,
        detail: REFUSALS[step.reason],
      });
    }
    const ids = await postCommandJournals(
      ctx,
      caughtUp.journals,
      input.idempotencyKey,
      step.journals,
    );
    const reduced = totalOf(step.amounts);
    const updated = await updateOrder(ctx, {
      ...(await recogniseIncome(ctx, balanceColumns(step.loan))),
      updatedAt: ctx.now,
    });
    await hooks.markUsed(ctx, { amounts: step.amounts, reduced, journalId: ids[ids.length - 1]! });
    await recordAudit(ctx.tx, {
      actorId,
      action: 'order.coupon',
      targetType: 'order',
      targetId: ctx.order.id,
      before: auditView(ctx.order),
      after: { ...auditView(updated), couponId: input.couponId, reducedPaise: reduced.toString() },
      at: ctx.now,
    });
    return {
      orderId: ctx.order.id,
      couponId: input.couponId,
      reducedPaise: Number(reduced),
      outstandingPaise: Number(totalOf(step.loan.outstanding)),
    };
  });
}
