import type { TFunction } from 'i18next';
import type { OrderDetail } from '@lending/contract';
import { formatPaise } from '../../lib/format';

/** The parts an order's money is kept in, in the order the amounts table shows them. */
export const COMPONENTS = ['principal', 'interest', 'fee', 'gst', 'penal'] as const;

/** One amount per component (charged, paid, outstanding, a repayment's allocation…). */
export type Amounts = OrderDetail['outstanding'];

export function totalOf(amounts: Amounts): number {
  return COMPONENTS.reduce((sum, c) => sum + amounts[c], 0);
}

/** The components an amount touches, named with their sums ('' when it touches none). */
export function nonZeroPartsText(t: TFunction, amounts: Amounts): string {
  return COMPONENTS.filter((c) => amounts[c] !== 0)
    .map((c) => `${t(`orderDetail.components.${c}`)} ${formatPaise(amounts[c])}`)
    .join(', ');
}
