import { subtractAmounts, zeroAmounts, type ComponentAmounts } from './components.js';
import type { Journal, LedgerEventType } from './ledger.js';

/**
 * What happened to each part of a borrower's debt, read from the order's journals: charged
 * (disbursed principal, fees and GST, accrued interest and penal charges), paid (repayments
 * and the money of rollovers), waived and written off; what is left is the outstanding.
 */
export interface ComponentSummary {
  charged: ComponentAmounts;
  paid: ComponentAmounts;
  waived: ComponentAmounts;
  writtenOff: ComponentAmounts;
  outstanding: ComponentAmounts;
}

type Bucket = 'charged' | 'paid' | 'waived' | 'writtenOff';

/** Where a receivable line of an event goes, by the sign it had when first posted. */
function bucketOf(event: LedgerEventType, debit: boolean): Bucket | null {
  switch (event) {
    case 'disbursal':
    case 'feeCharge':
    case 'interestAccrual':
    case 'penalAccrual':
      return 'charged';
    case 'repayment':
      return 'paid';
    // A rollover charges its fee and GST (debits) and takes the money paid (credits).
    case 'rollover':
      return debit ? 'charged' : 'paid';
    // A coupon forgives interest or charges as a waiver does (marketing bears it).
    case 'waiver':
    case 'coupon':
      return 'waived';
    case 'writeOff':
      return 'writtenOff';
    default:
      return null;
  }
}

/**
 * Sums the receivable lines of an order's journals into charged, paid, waived and written off.
 * A reversal (a bounced repayment, a value-dated restatement) counts against the bucket of the
 * posting it undoes, so a reversed repayment is no longer paid and a restated accrual is no
 * longer charged. `outstanding` is charged less the rest: the receivable balance.
 */
export function componentSummary(journals: Iterable<Journal>): ComponentSummary {
  const sums: Record<Bucket, ComponentAmounts> = {
    charged: zeroAmounts(),
    paid: zeroAmounts(),
    waived: zeroAmounts(),
    writtenOff: zeroAmounts(),
  };
  for (const journal of journals) {
    const reversal = journal.event === 'reversal' || journal.event === 'valueDateReversal';
    const event = reversal ? journal.reverses : journal.event;
    if (!event) continue;
    for (const line of journal.lines) {
      if (!line.component) continue;
      const original = reversal ? -line.amount : line.amount;
      const bucket = bucketOf(event, original > 0n);
      if (!bucket) continue;
      // Charges are debits; everything else credits the receivable.
      sums[bucket][line.component] += bucket === 'charged' ? line.amount : -line.amount;
    }
  }
  let outstanding = sums.charged;
  for (const bucket of ['paid', 'waived', 'writtenOff'] as const) {
    outstanding = subtractAmounts(outstanding, sums[bucket]);
  }
  return { ...sums, outstanding };
}
