import type { TrxStatisticsRow, trxStatisticsBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { trxStatisticsRows } from './trx-statistics.repository.js';

const MAX_DAYS = 92;

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
  const rows = await trxStatisticsRows(db, body);
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
