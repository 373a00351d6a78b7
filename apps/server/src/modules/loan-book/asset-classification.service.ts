import {
  borrowerClasses,
  daysPastDue,
  RBI_THRESHOLDS,
  settleSuspense,
  type AssetClass,
  type ClassThresholds,
} from '@lending/lending';
import type { Database } from '../../plugins/db.js';
import { postJournals, type JournalToPost } from '../ledger/index.js';
import {
  insertClassHistory,
  lockLoansOfNpaBorrowers,
  saveBorrowerClasses,
  type BorrowerClassUpdate,
  type ClassHistoryEntry,
} from './asset-classes.repository.js';

export interface BorrowerPass {
  /** Loans pulled into NPA because another loan of their borrower is. */
  downgraded: number;
  /** NPA loans upgraded because their borrower owes no arrears any more. */
  upgraded: number;
}

/**
 * The borrower level of the day-end of `date`, once every loan has its own class for the date
 * (RBI: the NPA class is the borrower's): every owing loan of a borrower with an NPA loan is
 * NPA, its interest and penal owed moved from income to suspense; and the NPA loans of a
 * borrower who owes no arrears on any loan are upgraded (their suspense stays until paid).
 * One transaction, the loans locked, so a command on one of them waits or goes first.
 */
export function classifyBorrowers(
  db: Database,
  date: string,
  at: Date,
  thresholds: ClassThresholds = RBI_THRESHOLDS,
): Promise<BorrowerPass> {
  return db.transaction(async (tx) => {
    const loans = await lockLoansOfNpaBorrowers(tx);
    const byBorrower = new Map<number, typeof loans>();
    for (const loan of loans) {
      const own = byBorrower.get(loan.customerId) ?? [];
      own.push(loan);
      byBorrower.set(loan.customerId, own);
    }
    const journals: JournalToPost[] = [];
    const updates: BorrowerClassUpdate[] = [];
    const history: ClassHistoryEntry[] = [];
    const pass: BorrowerPass = { downgraded: 0, upgraded: 0 };
    for (const own of byBorrower.values()) {
      const view = own.map((loan) => ({
        loan,
        orderId: loan.id,
        assetClass: (loan.rbiClass ?? 'STANDARD') as AssetClass,
        daysPastDue: daysPastDue(loan.overdueSince, date),
      }));
      const changes = borrowerClasses(view, thresholds);
      if (changes.length === 0) continue;
      // The cause named on the loans pulled in: the borrower's NPA loan longest past due.
      const cause = view
        .filter((v) => v.assetClass === 'NPA')
        .sort((a, b) => b.daysPastDue - a.daysPastDue || a.orderId - b.orderId)[0];
      for (const change of changes) {
        const {
          loan,
          daysPastDue: days,
          assetClass,
        } = view.find((v) => v.orderId === change.orderId)!;
        const settled = settleSuspense(
          { interest: loan.interest, penal: loan.penal },
          { interest: loan.suspenseInterest, penal: loan.suspensePenal },
          change.to === 'NPA',
        );
        settled.journals.forEach((journal, index) =>
          journals.push({
            orderId: loan.id,
            journal,
            idempotencyKey: `class:${loan.id}:${date}:${change.reason}:${index}`,
            businessDate: date,
            at,
          }),
        );
        updates.push({
          orderId: loan.id,
          rbiClass: change.to,
          suspenseInterest: settled.suspense.interest,
          suspensePenal: settled.suspense.penal,
        });
        history.push({
          orderId: loan.id,
          customerId: loan.customerId,
          businessDate: date,
          fromClass: assetClass,
          toClass: change.to,
          daysPastDue: days,
          reason: change.reason,
          causeOrderId: change.reason === 'borrowerNpa' ? (cause?.orderId ?? null) : null,
          at,
        });
        if (change.to === 'NPA') pass.downgraded += 1;
        else pass.upgraded += 1;
      }
    }
    await postJournals(tx, journals);
    await saveBorrowerClasses(tx, date, at, updates);
    await insertClassHistory(tx, history);
    return pass;
  });
}
