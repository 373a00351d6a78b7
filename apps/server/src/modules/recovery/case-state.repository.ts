import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { intFromDb } from '../../shared/paise.js';
import { queryRows } from '../../shared/sql-rows.js';
import { recoveryCaseMoves } from './recovery.table.js';

/** What an order owes now (sum of the outstanding components). */
export const outstandingSql = sql`(o.outstanding_principal_paise + o.outstanding_interest_paise + o.outstanding_fee_paise + o.outstanding_gst_paise + o.outstanding_penal_paise)`;

/*
 * A case's state as the book has it now. A repayment, rollover or write-off changes the order
 * at once; the case row follows when the refresh job (every minute, and the day-end) closes it.
 * Reads never write (decision 0052): they derive the case's and its promises' state from the
 * order with the same conditions the job writes, through `casesNowSql` and `promisesNowSql`.
 */

/** The open case `c` whose order `o` has left its condition (repaid, rolled over, written off, pre turned overdue). */
export function orderLeftCaseSql(c = 'c', o = 'o'): SQL {
  return sql.raw(`((${c}.kind = 'collection' and (${o}.status <> 'OVERDUE' or ${o}.due_date is distinct from ${c}.due_date)) or
    (${c}.kind = 'pre' and (${o}.status not in ('ACTIVE', 'DUE') or ${o}.due_date is distinct from ${c}.due_date)))`);
}

/** The status a case closes with: finished when its order was repaid in full, else closed. */
export function closedStatusSql(o = 'o'): SQL {
  return sql.raw(
    `(case when ${o}.status in ('CLEARED', 'OVERPAID') then 'finished' else 'closed' end)`,
  );
}

/** Why a case closes. */
export function closedOutcomeSql(c = 'c', o = 'o'): SQL {
  return sql.raw(`(case
    when ${o}.status in ('CLEARED', 'OVERPAID') then 'repaid'
    when ${o}.status = 'WRITTEN_OFF' then 'writtenOff'
    when ${c}.kind = 'pre' and ${o}.status = 'OVERDUE' then 'overdue'
    when ${o}.due_date is distinct from ${c}.due_date then 'rollover'
    else 'other' end)`);
}

/** Money the case's order received since the case opened (as the close fixes it). */
export function recoveredSinceOpenSql(c = 'c'): SQL {
  return sql.raw(`(select coalesce(sum(r.amount_paise - r.excess_paise), 0) from repayments r
    where r.order_id = ${c}.order_id and not r.reversed and r.received_at >= ${c}.opened_at)`);
}

/**
 * recovery_cases as of `at`, for reads in place of the table (`from ${casesNowSql(at)} c`): an
 * open case whose order has left its condition shows closed, with the outcome, close time
 * (`at`) and recovered amount closeSettledCases will write. PostgreSQL flattens the subquery,
 * so the readers' conditions still reach the table's indexes.
 */
export function casesNowSql(at: Date): SQL {
  const left = sql`(c.status = 'open' and ${orderLeftCaseSql()})`;
  return sql`(select c.id, c.kind, c.order_id, c.stage, c.due_date, c.collector_id, c.group_id,
      c.undispatched_reason, c.assigned_at, c.keep_until, c.owed_at_assignment_paise, c.follow_status,
      c.last_contact_at, c.follow_ups, c.priority, c.opened_date, c.opened_at, c.version,
      case when ${left} then ${closedStatusSql()} else c.status end as status,
      case when ${left} then ${closedOutcomeSql()} else c.outcome end as outcome,
      case when ${left} then ${at.toISOString()}::timestamptz else c.closed_at end as closed_at,
      case when ${left} then ${recoveredSinceOpenSql()} else c.recovered_paise end as recovered_paise
    from recovery_cases c join loan_orders o on o.id = c.order_id)`;
}

/** Money the order of promise `p` (of case `pc`) received since the promise was made. */
function receivedSincePromiseSql(p: string, pc: string): SQL {
  return sql.raw(`(select coalesce(sum(r.amount_paise - r.excess_paise), 0) from repayments r
    where r.order_id = ${pc}.order_id and not r.reversed and r.received_at >= ${p}.made_at)`);
}

/** An open promise's state on `today`: kept once the order received its cumulative amount, broken once due passed. */
function promiseStateSql(p: string, pc: string, today: string): SQL {
  return sql`(case when ${sql.raw(p)}.status <> 'open' then ${sql.raw(p)}.status
    when ${receivedSincePromiseSql(p, pc)} >= ${sql.raw(p)}.cumulative_paise then 'kept'
    when ${sql.raw(p)}.due_date < ${today}::date then 'broken' else 'open' end)`;
}

/**
 * recovery_promises as of `at` (India date `today`), for reads in place of the table: an open
 * promise the order has met shows kept, one whose date has passed broken, settled at `at`, as
 * settlePromises will write them.
 */
export function promisesNowSql(today: string, at: Date): SQL {
  const state = promiseStateSql('p', 'pc', today);
  return sql`(select p.id, p.case_id, p.follow_up_id, p.collector_id, p.due_date, p.amount_paise,
      p.cumulative_paise, p.instalment, p.made_at,
      ${state} as status,
      case when p.status <> 'open' then p.settled_at
        when ${state} <> 'open' then ${at.toISOString()}::timestamptz end as settled_at
    from recovery_promises p join recovery_cases pc on pc.id = p.case_id)`;
}

/** Narrows a job statement to some cases (a command's own), or none: every case. */
function onlyCases(column: string, caseIds: number[] | undefined): SQL {
  if (caseIds === undefined) return sql``;
  if (caseIds.length === 0) return sql` and false`;
  return sql` and ${sql.raw(column)} in (${sql.join(
    caseIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * Closes the open cases whose order has left their condition: repaid in full → finished;
 * rolled over (the due date moved), written off, or a pre case turned overdue → closed. A
 * partial repayment changes nothing. Idempotent: run by the refresh job, the day-end, and a
 * command before it acts on its cases (`caseIds`).
 */
export async function closeSettledCases(
  db: Executor,
  at: Date,
  caseIds?: number[],
): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update recovery_cases c set
        status = ${closedStatusSql()},
        outcome = ${closedOutcomeSql()},
        closed_at = ${at.toISOString()}::timestamptz,
        recovered_paise = ${recoveredSinceOpenSql()},
        priority = 2,
        version = c.version + 1
      from loan_orders o
      where o.id = c.order_id and c.status = 'open' and ${orderLeftCaseSql()}${onlyCases('c.id', caseIds)}
      returning c.id, c.collector_id, c.stage`,
  );
  if (rows.length > 0) {
    await db.insert(recoveryCaseMoves).values(
      rows.map((r) => ({
        caseId: intFromDb(r.id),
        reason: 'closed',
        fromCollectorId: r.collector_id === null ? null : intFromDb(r.collector_id),
        fromStage: String(r.stage),
        at,
      })),
    );
  }
  return rows.length;
}

/** Promises: kept once the order received their cumulative amount since made; broken when due passes. */
export async function settlePromises(
  db: Executor,
  today: string,
  at: Date,
  caseIds?: number[],
): Promise<void> {
  await db.execute(sql`
    update recovery_promises p set status = v.state, settled_at = ${at.toISOString()}::timestamptz
    from (select p2.id, ${promiseStateSql('p2', 'c', today)} as state
      from recovery_promises p2 join recovery_cases c on c.id = p2.case_id
      where p2.status = 'open'${onlyCases('p2.case_id', caseIds)}) v
    where v.id = p.id and v.state <> 'open'`);
}

/**
 * The collector's order of work on `today`: promise due today first (0), then broken promises
 * not yet followed up (1), else 2. Stored, so the collector's list sorts on an index; the
 * refresh job, the day-end and the commands that change it keep it current.
 */
export async function refreshPriorities(
  db: Executor,
  today: string,
  caseIds?: number[],
): Promise<void> {
  await db.execute(sql`
    update recovery_cases c set priority = v.p from (
      select c2.id, case
        when exists (select 1 from recovery_promises p where p.case_id = c2.id and p.status = 'open' and p.due_date = ${today}::date) then 0
        when exists (select 1 from recovery_promises p where p.case_id = c2.id and p.status = 'broken'
          and (c2.last_contact_at is null or p.settled_at > c2.last_contact_at)) then 1
        else 2 end as p
      from recovery_cases c2 where c2.status = 'open'${onlyCases('c2.id', caseIds)}) v
    where c.id = v.id and c.priority <> v.p`);
}
