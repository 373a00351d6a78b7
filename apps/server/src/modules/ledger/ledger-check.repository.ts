import { sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { intFromDb, paiseFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';

export interface JournalsCheck {
  ok: boolean;
  journalsChecked: number;
  /** Null `orderId` reads 0: a wallet or payout-account journal, of no order. */
  unbalancedJournals: { journalId: number; orderId: number; imbalancePaise: bigint }[];
}

const LIMIT = 100;

/**
 * The ledger's own check, in SQL over every journal: each sums to zero. The loan book's
 * `checkLedger` adds each order's outstanding against its postings (the ledger knows no order).
 */
export async function checkJournals(db: Executor): Promise<JournalsCheck> {
  const [count] = await queryRows(db, sql`select count(*) as journals from ledger_journals`);
  const unbalanced = await queryRows(
    db,
    sql`
    select j.id as journal_id, j.order_id, coalesce(sum(e.amount_paise), 0) as imbalance
    from ledger_journals j left join ledger_entries e on e.journal_id = j.id
    group by j.id, j.order_id
    having coalesce(sum(e.amount_paise), 0) <> 0
    order by j.id limit ${LIMIT}`,
  );
  const unbalancedJournals = unbalanced.map((row) => ({
    journalId: intFromDb(row.journal_id),
    orderId: intFromDb(row.order_id),
    imbalancePaise: paiseFromDb(row.imbalance),
  }));
  return {
    ok: unbalancedJournals.length === 0,
    journalsChecked: intFromDb(count?.journals),
    unbalancedJournals,
  };
}

export interface DailyTotalsCheck {
  ok: boolean;
  /** Days and accounts whose totals plus the journals above the horizon differ from the entries. */
  mismatched: { businessDate: string; account: string; entriesPaise: bigint; keptPaise: bigint }[];
}

/**
 * The daily totals' check (`npm run ledger:check`): per India business date and account, the
 * totals plus the entries of journals at or above the horizon (what the reports read) equal the
 * sum and the count of every entry. One statement, one snapshot.
 */
export async function checkDailyTotals(db: Executor): Promise<DailyTotalsCheck> {
  const rows = await queryRows(
    db,
    sql`with entries as (
          select j.business_date, e.account, sum(e.amount_paise) as amount, count(*) as lines
          from ledger_journals j join ledger_entries e on e.journal_id = j.id
          group by 1, 2
        ),
        kept as (
          select business_date, account, sum(amount_paise) as amount, sum(lines) as lines
          from (
            select business_date, account, amount_paise, lines from ledger_daily_totals
            union all
            select j.business_date, e.account, e.amount_paise, 1
            from ledger_journals j join ledger_entries e on e.journal_id = j.id
            where j.xact >= (select horizon from ledger_rollup_state)
          ) lines
          group by 1, 2
        )
        select business_date::text as business_date, account,
          coalesce(entries.amount, 0)::text as entries, coalesce(kept.amount, 0)::text as kept
        from entries full join kept using (business_date, account)
        where entries.amount is distinct from kept.amount or entries.lines is distinct from kept.lines
        order by 1, 2
        limit 100`,
  );
  const mismatched = rows.map((row) => ({
    businessDate: String(row.business_date),
    account: String(row.account),
    entriesPaise: BigInt(String(row.entries)),
    keptPaise: BigInt(String(row.kept)),
  }));
  return { ok: mismatched.length === 0, mismatched };
}
