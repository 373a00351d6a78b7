import { sql } from 'drizzle-orm';
import type { Database } from '../../plugins/db.js';
import { queryRows } from '../../shared/sql-rows.js';

export interface LedgerRollup {
  /** The horizon before and after: journals of transactions in [from, to) were summed. */
  from: bigint;
  to: bigint;
  /** Daily totals rows added to or made. */
  totals: number;
  /** The stored horizon was above the cluster's transactions (a restored copy): rebuilt. */
  rebuilt: boolean;
}

/**
 * Adds the journals of every transaction that finished since the last rollup into the daily
 * totals (decision 0086). In one REPEATABLE READ transaction, so one snapshot: its xmin is the
 * new horizon H' (every transaction below it has finished, so their journals are all visible
 * here and no more will come), and the journals with H <= xact < H' are summed once and H'
 * stored with them. A journal of a transaction still open stays above H' and is summed by a
 * later rollup. The reports read the totals plus the journals at or above the stored horizon.
 *
 * Null when another server is rolling up (the state row is locked, or changed after this
 * snapshot was taken): that rollup sums the same journals.
 */
export async function rollUpLedger(db: Database, at: Date): Promise<LedgerRollup | null> {
  try {
    return await db.transaction(
      async (tx) => {
        const [state] = await queryRows(
          tx,
          sql`select horizon::text as horizon from ledger_rollup_state where id = 1
              for update skip locked`,
        );
        if (!state) return null;
        const [snapshot] = await queryRows(
          tx,
          sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
        );
        const next = BigInt(String(snapshot!.xmin));
        let from = BigInt(String(state.horizon));
        // Transaction ids count per cluster: a dump restored elsewhere keeps its journals' and
        // the horizon's ids while the new cluster's start lower, so its journals would sit
        // below the horizon, never summed. Bring the copied ids under H' and sum everything.
        const rebuilt = next < from;
        if (rebuilt) {
          await tx.execute(sql`update ledger_journals set xact = 0 where xact >= ${next}`);
          await tx.execute(sql`delete from ledger_daily_totals`);
          from = 0n;
        }
        const added = await queryRows(
          tx,
          sql`insert into ledger_daily_totals
                (business_date, account, event_type, reverses_event_type, amount_paise, lines)
              select j.business_date, e.account, j.event_type, coalesce(j.reverses_event_type, ''),
                sum(e.amount_paise)::bigint, count(*)::int
              from ledger_journals j join ledger_entries e on e.journal_id = j.id
              where j.xact >= ${from} and j.xact < ${next}
              group by 1, 2, 3, 4
              on conflict (business_date, account, event_type, reverses_event_type) do update
              set amount_paise = ledger_daily_totals.amount_paise + excluded.amount_paise,
                lines = ledger_daily_totals.lines + excluded.lines
              returning 1`,
        );
        await tx.execute(
          sql`update ledger_rollup_state set horizon = ${next}, rolled_up_at = ${at.toISOString()}::timestamptz
              where id = 1`,
        );
        return { from, to: next, totals: added.length, rebuilt };
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (error) {
    if (isSerializationFailure(error)) return null;
    throw error;
  }
}

/** PostgreSQL's 40001: the state row changed after this snapshot (another server rolled up). */
function isSerializationFailure(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as Error & { code?: unknown }).code === '40001') return true;
  }
  return false;
}
