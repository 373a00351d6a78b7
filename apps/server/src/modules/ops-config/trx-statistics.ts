import { sql } from 'drizzle-orm';
import type { TrxStatisticsRow, trxStatisticsBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { queryRows } from '../../shared/sql-rows.js';

const MAX_DAYS = 92;

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Per payment channel and India day: payouts (by the day they were created; success =
 * processed; settle time = creation to the processed report) and collections (repayments by
 * business date; success = not reversed).
 */
export async function trxStatistics(
  db: Executor,
  body: z.output<typeof trxStatisticsBodySchema>,
): Promise<{ list: TrxStatisticsRow[] }> {
  const days = (Date.parse(body.dateTo) - Date.parse(body.dateFrom)) / 86_400_000 + 1;
  if (days > MAX_DAYS) throw AppError.invalid('dateTo', `at most ${MAX_DAYS} days`);
  const fromAt = startOfIndiaDate(body.dateFrom).toISOString();
  const toAt = startOfIndiaDate(nextDay(body.dateTo)).toISOString();
  const payouts = sql`
    select (created_at at time zone 'Asia/Kolkata')::date::text as day, 'payout' as direction,
      channel, count(*)::int as n,
      count(*) filter (where status = 'processed')::int as ok,
      coalesce(sum(amount_paise), 0)::text as amount,
      coalesce(sum(amount_paise) filter (where status = 'processed'), 0)::text as ok_amount,
      round(avg(extract(epoch from (updated_at - created_at))) filter (where status = 'processed'))::int
        as settle
    from payouts
    where created_at >= ${fromAt}::timestamptz and created_at < ${toAt}::timestamptz
    group by 1, 3`;
  const collections = sql`
    select business_date::text as day, 'collection' as direction, channel, count(*)::int as n,
      count(*) filter (where not reversed)::int as ok,
      coalesce(sum(amount_paise), 0)::text as amount,
      coalesce(sum(amount_paise) filter (where not reversed), 0)::text as ok_amount,
      null::int as settle
    from repayments
    where business_date between ${body.dateFrom}::date and ${body.dateTo}::date
    group by 1, 3`;
  const query =
    body.direction === 'payout'
      ? payouts
      : body.direction === 'collection'
        ? collections
        : sql`${payouts} union all ${collections}`;
  const rows = await queryRows(
    db,
    sql`select * from (${query}) as t order by day desc, direction, channel`,
  );
  return {
    list: rows.map((row) => {
      const count = Number(row.n);
      const ok = Number(row.ok);
      return {
        day: String(row.day),
        direction: row.direction as TrxStatisticsRow['direction'],
        channel: String(row.channel),
        count,
        successCount: ok,
        amountPaise: Number(row.amount),
        successAmountPaise: Number(row.ok_amount),
        successPpm: count === 0 ? 0 : Math.round((ok * 1_000_000) / count),
        averageSettleSeconds: row.settle === null ? null : Number(row.settle),
      };
    }),
  };
}
