import { COMPONENTS, zeroAmounts, type Component, type ComponentAmounts } from './components.js';
import { minPaise, type Paise } from './money.js';
import { DEFAULT_ALLOCATION_ORDER } from './terms.js';

export interface RepaymentAllocation {
  /** Taken from each component. */
  allocated: ComponentAmounts;
  /** Balances after the payment. */
  remaining: ComponentAmounts;
  /** Paid beyond everything owed: an overpayment to refund. */
  excess: Paise;
}

/**
 * Splits a payment over the balances in the given order. Components missing from `order`
 * are paid last in the canonical order, so a payment is never parked as excess while
 * anything is still owed.
 */
export function allocateRepayment(
  balances: ComponentAmounts,
  amount: Paise,
  order: readonly Component[] = DEFAULT_ALLOCATION_ORDER,
): RepaymentAllocation {
  if (amount < 0n) throw new RangeError(`Repayment must not be negative: ${amount}`);
  for (const c of COMPONENTS) {
    if (balances[c] < 0n) throw new RangeError(`Balance ${c} must not be negative`);
  }
  const sequence = [...new Set([...order, ...COMPONENTS])];
  const allocated = zeroAmounts();
  const remaining = { ...balances };
  let left = amount;
  for (const component of sequence) {
    const take = minPaise(left, remaining[component]);
    allocated[component] = take;
    remaining[component] -= take;
    left -= take;
  }
  return { allocated, remaining, excess: left };
}
