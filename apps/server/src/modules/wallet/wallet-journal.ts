import { postingsFor, type LedgerEvent } from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { postJournals } from '../ledger/index.js';

/** A wallet movement's journal: of no order, once per key, on the India day of `at`. */
export async function post(tx: Executor, event: LedgerEvent, key: string, at: Date) {
  const [id] = await postJournals(tx, [
    {
      orderId: null,
      journal: postingsFor(event),
      idempotencyKey: key,
      businessDate: indiaDateOf(at),
      at,
    },
  ]);
  return id!;
}
