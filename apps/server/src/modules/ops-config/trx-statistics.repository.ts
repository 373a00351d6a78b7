import { sql } from 'drizzle-orm';
import type { trxStatisticsBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { queryRows } from '../../shared/sql-rows.js';

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The figures per India day, direction and channel, newest day first: payouts by the day they
 * were created, collections (repayments) by business date. Reads the loan book's payouts and
 * repayments by their table names.
 */
export async function trxStatisticsRows(
  db: Executor,
  body: z.output<typeof trxStatisticsBodySchema>,
) {
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
  return queryRows(db, sql`select * from (${query}) as t order by day desc, direction, channel`);
}
