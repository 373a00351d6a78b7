import {
  bookTotals,
  checkLedger,
  orderStatusCounts,
  type LedgerCheckResult,
} from '../modules/loan-book/index.js';
import type { Executor } from '../plugins/db.js';

export interface BookSummary {
  asOf: string;
  orders: number;
  ordersByStatus: Record<string, number>;
  loansDisbursed: number;
  disbursedPaise: bigint;
  collectedPaise: bigint;
  outstandingPaise: bigint;
  /** Renewals paid (each through the borrower's rollover request and a credit). */
  rollovers: number;
  /** Open loans overdue in each band, as a share of every loan ever disbursed (not reversed). */
  overdue: { band1to7: number; band8plus: number; rate1to7: number; rate8plus: number };
}

/** The book in figures, from SQL: what the simulator prints and compares across runs. */
export async function summarizeBook(db: Executor, asOf: string): Promise<BookSummary> {
  const statuses = await orderStatusCounts(db);
  const totals = await bookTotals(db);
  const ordersByStatus = Object.fromEntries(statuses.map((row) => [row.status, row.count]));
  const loans = totals.loans;
  const band1 = totals.overdue1to7;
  const band8 = totals.overdue8plus;
  const rate = (n: number) => (loans === 0 ? 0 : Math.round((n / loans) * 10_000) / 100);
  return {
    asOf,
    orders: Object.values(ordersByStatus).reduce((a, b) => a + b, 0),
    ordersByStatus,
    loansDisbursed: loans,
    disbursedPaise: totals.disbursedPaise,
    collectedPaise: totals.collectedPaise,
    outstandingPaise: totals.outstandingPaise,
    rollovers: totals.rollovers,
    overdue: { band1to7: band1, band8plus: band8, rate1to7: rate(band1), rate8plus: rate(band8) },
  };
}

/** ₹ with Indian digit grouping: 1,23,45,678.90. */
export function formatRupees(paise: bigint): string {
  const negative = paise < 0n;
  const abs = negative ? -paise : paise;
  const rupees = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, '0');
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}₹${rest ? `${rest},` : ''}${last3}.${fraction}`;
}

export function formatSummary(summary: BookSummary, ledger: LedgerCheckResult): string {
  const lines = [
    `Book as of ${summary.asOf}: ${summary.orders} orders`,
    ...Object.entries(summary.ordersByStatus).map(
      ([status, n]) => `  ${status.padEnd(22)} ${String(n).padStart(7)}`,
    ),
    `Loans disbursed:   ${summary.loansDisbursed}`,
    `Disbursed:         ${formatRupees(summary.disbursedPaise)}`,
    `Collected:         ${formatRupees(summary.collectedPaise)}`,
    `Outstanding:       ${formatRupees(summary.outstandingPaise)}`,
    `Rollovers paid:    ${summary.rollovers}`,
    `Overdue 1–7 days:  ${summary.overdue.band1to7} loans (${summary.overdue.rate1to7.toFixed(2)} % of loans disbursed)`,
    `Overdue 8+ days:   ${summary.overdue.band8plus} loans (${summary.overdue.rate8plus.toFixed(2)} % of loans disbursed)`,
    `Ledger check:      ${ledger.ok ? 'passed' : 'FAILED'} (${ledger.journalsChecked} journals, ${ledger.ordersChecked} orders)`,
  ];
  return lines.join('\n');
}

export { checkLedger };
