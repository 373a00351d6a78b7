import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { job, type Job } from '../../shared/jobs.js';
import type { LoanBookDeps } from '../loan-book/index.js';
import type {
  CollectionGateway,
  StatementCredit,
} from '../../integrations/collections/collection-gateway.js';
import { applyCollectionCredit } from './collections.service.js';
import {
  appendCreditNote,
  recordedCreditOfPayment,
  recordedCreditsOfPeriod,
  type RecordedCredit,
} from './collections.repository.js';

export interface CollectionsReconciliationDeps {
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  gateway: CollectionGateway;
}

/** A credit the gateway and the book disagree on: left for finance, never changed here. */
export interface CreditBreak {
  paymentId: string;
  field: 'amountPaise' | 'accountNumber';
  statement: string;
  book: string;
}

export interface CollectionsReconciliationReport {
  from: string;
  to: string;
  /** Credits on the gateway's statement for the period. */
  onStatement: number;
  /** Of those, already recorded from a webhook. */
  alreadyRecorded: number;
  /** Of those, missing from the book (webhook lost) and applied now. */
  recovered: string[];
  /** Recorded with another amount or account than the statement shows. */
  breaks: CreditBreak[];
  /** Recorded for the period but not on the statement. */
  notOnStatement: string[];
}

/**
 * Compares the gateway's statement of credits for `[from, to)` with the credits the book
 * recorded, and applies each credit whose webhook never arrived, through the same
 * `applyCollectionCredit` and the same payment-id key a webhook uses, so a webhook arriving
 * afterwards (or a second reconciliation) changes nothing. Disagreements are reported, not
 * "fixed": the book never takes a gateway's word over a recorded credit.
 *
 * A recovered repayment is valued on the day the gateway credited it (decision 0065), so the
 * interest and penal charges of the days the webhook was missing are reversed; its note says
 * when it was credited and when posted.
 */
export async function reconcileCollections(
  deps: CollectionsReconciliationDeps,
  period: { from: Date; to: Date },
): Promise<CollectionsReconciliationReport> {
  const { db, gateway } = deps;
  const statement = await gateway.statementOfCredits(period);
  const recorded = await recordedCreditsOfPeriod(db, gateway.provider, period);
  const byPayment = new Map(recorded.map((row) => [row.paymentId, row]));
  const report: CollectionsReconciliationReport = {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    onStatement: statement.length,
    alreadyRecorded: 0,
    recovered: [],
    breaks: [],
    notOnStatement: [],
  };
  const onStatement = new Set<string>();
  for (const credit of statement) {
    onStatement.add(credit.paymentId);
    // Recorded in the period, or (its time differing at the gateway) at any time.
    const book =
      byPayment.get(credit.paymentId) ??
      (await recordedCreditOfPayment(db, gateway.provider, credit.paymentId));
    if (book) {
      report.alreadyRecorded += 1;
      report.breaks.push(...breaksOf(credit, book));
      continue;
    }
    if (await recover(deps, credit)) report.recovered.push(credit.paymentId);
    else report.alreadyRecorded += 1; // a webhook recorded it meanwhile
  }
  report.notOnStatement = recorded
    .map((row) => row.paymentId)
    .filter((paymentId) => !onStatement.has(paymentId));
  return report;
}

function breaksOf(credit: StatementCredit, book: RecordedCredit): CreditBreak[] {
  const breaks: CreditBreak[] = [];
  if (book.amountPaise !== credit.amountPaise) {
    breaks.push({
      paymentId: credit.paymentId,
      field: 'amountPaise',
      statement: String(credit.amountPaise),
      book: String(book.amountPaise),
    });
  }
  // A credit recorded to no known account was already left `unmatched` for finance.
  if (book.accountNumber !== null && book.accountNumber !== credit.accountNumber) {
    breaks.push({
      paymentId: credit.paymentId,
      field: 'accountNumber',
      statement: credit.accountNumber,
      book: book.accountNumber,
    });
  }
  return breaks;
}

/** Applies a credit the book lacks; false when a webhook recorded it first. */
async function recover(
  deps: CollectionsReconciliationDeps,
  credit: StatementCredit,
): Promise<boolean> {
  const now = deps.clock.now();
  const provider = deps.gateway.provider;
  return deps.db.transaction(async (tx) => {
    const creditId = await applyCollectionCredit(
      tx,
      deps.loanBook,
      provider,
      {
        id: `reconciliation:${credit.paymentId}`,
        type: 'credit.reconciled',
        data: {
          paymentId: credit.paymentId,
          accountNumber: credit.accountNumber,
          method: credit.method,
          amountPaise: Number(credit.amountPaise),
          creditedAt: credit.creditedAt.toISOString(),
        },
      },
      now,
    );
    if (creditId === undefined) return false;
    const note = `recovered by reconciliation: credited ${indiaDateOf(credit.creditedAt)}, posted ${indiaDateOf(now)}`;
    await appendCreditNote(tx, creditId, note);
    return true;
  });
}

/**
 * The job that reconciles the last `lookbackMs` (up to `graceMs` ago, leaving webhooks in
 * flight their chance) every `intervalMs` (server.ts's job list). Its pass settles when the
 * reconciliation has, so the loop keeps runs apart.
 */
export function collectionsReconciliationJob(
  deps: CollectionsReconciliationDeps,
  options: { intervalMs: number; lookbackMs: number; graceMs: number },
): Job<CollectionsReconciliationReport> {
  return job({
    name: 'collections_reconciliation',
    intervalMs: options.intervalMs,
    pass: () => {
      const to = new Date(deps.clock.now().getTime() - options.graceMs);
      const from = new Date(to.getTime() - options.lookbackMs);
      return reconcileCollections(deps, { from, to });
    },
    report: (report, log) => {
      const { recovered, breaks, notOnStatement } = report;
      const level = recovered.length + breaks.length + notOnStatement.length > 0 ? 'warn' : 'debug';
      log[level](report, 'collections reconciled with the gateway statement');
    },
  });
}
