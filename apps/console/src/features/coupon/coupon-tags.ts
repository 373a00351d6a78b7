import type { Coupon, SentCouponState } from '@lending/contract';
import type { TFunction } from 'i18next';
import type { StatusTags } from '../../components/list-page';
import { formatPaise } from '../../lib/format';

export const couponStatusTags: StatusTags<Coupon['status']> = {
  available: { label: 'coupon.statuses.available', color: 'green' },
  unavailable: { label: 'coupon.statuses.unavailable', color: 'default' },
};

export const couponTargetTags: StatusTags<Coupon['target']> = {
  interest: { label: 'coupon.targets.interest', color: 'blue' },
  charges: { label: 'coupon.targets.charges', color: 'purple' },
};

export const sentStateTags: StatusTags<SentCouponState> = {
  unused: { label: 'coupon.states.unused', color: 'blue' },
  used: { label: 'coupon.states.used', color: 'green' },
  expired: { label: 'coupon.states.expired', color: 'default' },
};

/** The reduction as staff read it: '₹50.00 off', or '10% off, at most ₹100.00'. */
export function reductionText(
  coupon: Pick<Coupon, 'faceKind' | 'amountPaise' | 'percentBasisPoints'>,
  t: TFunction,
): string {
  if (coupon.faceKind === 'amount')
    return t('coupon.reductionAmount', { amount: formatPaise(coupon.amountPaise) });
  return t('coupon.reductionPercent', {
    percent: ((coupon.percentBasisPoints ?? 0) / 100).toString(),
    cap: formatPaise(coupon.amountPaise),
  });
}
