import type {
  ClearNotLoanRow,
  CollectionOrderRow,
  RegNotLoanRow,
  clearNotLoanBodySchema,
  collectionOrderBodySchema,
  regNotLoanBodySchema,
} from '@lending/contract';
import { overdueBand } from '@lending/lending';
import type { z } from 'zod';
import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import * as repository from './remarketing.repository.js';

export interface RemarketingDeps {
  db: Database;
  clock: Clock;
}

/** Whole India days from one date to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export async function clearNotLoan(
  deps: RemarketingDeps,
  body: z.output<typeof clearNotLoanBodySchema>,
): Promise<{ list: ClearNotLoanRow[]; total: number }> {
  const today = indiaDateOf(deps.clock.now());
  const { list, total } = await repository.listClearNotLoan(deps.db, body);
  const figures = await repository.clearNotLoanFigures(
    deps.db,
    list.map((row) => row.customerId),
  );
  const none = { loansTaken: 0, clearedOnTime: 0, clearedLate: 0, totalRepaidPaise: '0' };
  return {
    total,
    list: list.map((page) => {
      const row = { ...page, ...(figures.get(page.customerId) ?? none) };
      return {
        id: row.customerId,
        customerName: maskName(row.name),
        phone: maskPhone(row.phone),
        lastOrderId: row.lastOrderId,
        lastOrderNo: row.lastOrderNo,
        clearedDate: row.clearedDate!,
        daysSinceCleared: Math.max(0, daysBetween(row.clearedDate!, today)),
        loansTaken: Number(row.loansTaken),
        lastAmountPaise: paiseToApi(row.lastAmountPaise),
        totalRepaidPaise: paiseToApi(BigInt(row.totalRepaidPaise)),
        clearedOnTime: Number(row.clearedOnTime),
        clearedLate: Number(row.clearedLate),
      };
    }),
  };
}

export async function regNotLoan(
  deps: RemarketingDeps,
  body: z.output<typeof regNotLoanBodySchema>,
): Promise<{ list: RegNotLoanRow[]; total: number }> {
  const today = indiaDateOf(deps.clock.now());
  const { list, total } = await repository.listRegNotLoan(deps.db, body);
  return {
    total,
    list: list.map(({ account, customerName }) => {
      const name = customerName ?? account.name;
      return {
        id: account.id,
        customerName: name ? maskName(name) : null,
        phone: maskPhone(account.phone),
        registrationDate: account.registrationDate,
        daysSinceRegistration: Math.max(0, daysBetween(account.registrationDate, today)),
        channel: account.channel,
        kyc:
          account.bankVerification === 'verified'
            ? 'bankVerified'
            : account.customerId !== null
              ? 'profile'
              : 'registered',
        bankVerification: account.bankVerification,
        customerId: account.customerId,
      };
    }),
  };
}

export async function collectionOrders(
  deps: RemarketingDeps,
  body: z.output<typeof collectionOrderBodySchema>,
): Promise<{ list: CollectionOrderRow[]; total: number }> {
  const { list, total } = await repository.listCollectionOrders(deps.db, body);
  return {
    total,
    list: list.map(({ order, name, phone, collectorName, lastContactAt }) => ({
      id: order.id,
      orderNo: order.orderNo,
      customerId: order.customerId,
      customerName: maskName(name),
      phone: maskPhone(phone),
      status: order.status,
      principalPaise: paiseToApi(order.principalPaise),
      outstandingPaise: paiseToApi(BigInt(order.outstandingPaise)),
      dueDate: order.dueDate,
      overdueDays: order.overdueDays,
      band: overdueBand(order.overdueDays) ?? '1-7',
      rbiClass: order.rbiClass,
      rescheduled: order.rescheduled,
      collectorName,
      lastContactAt: lastContactAt ? lastContactAt.toISOString() : null,
    })),
  };
}
