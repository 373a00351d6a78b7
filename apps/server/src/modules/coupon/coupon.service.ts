import type {
  Coupon,
  couponListBodySchema,
  couponSaveBodySchema,
  sentCouponListBodySchema,
} from '@lending/contract';
import { addDays } from '@lending/lending';
import type { z } from 'zod';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { audienceIds, audiencePage, type AudienceFilters } from './audience.repository.js';
import {
  batchOfKey,
  claimBatch,
  couponPage,
  couponsOfBorrower,
  deleteCouponRow,
  findCoupon,
  holdersOf,
  insertCoupon,
  insertIssuedCoupons,
  lockCouponRow,
  sentCouponPage,
  setBatchResult,
  updateCoupon,
  usedCountOf,
} from './coupon.repository.js';
import type { CouponRow } from './coupon.table.js';

export interface CouponDeps {
  db: Database;
  clock: Clock;
}

export function couponView(row: CouponRow, usedNumber: number): Coupon {
  return {
    id: row.id,
    title: row.title,
    target: row.target,
    faceKind: row.faceKind,
    amountPaise: paiseToApi(row.amountPaise),
    percentBasisPoints: row.percentBasisPoints,
    totalNumber: row.totalNumber,
    remainingNumber: row.totalNumber - row.sentNumber,
    validDays: row.validDays,
    thresholdPaise: paiseToApi(row.thresholdPaise),
    expiresOn: row.expiresOn,
    status: row.status,
    sentNumber: row.sentNumber,
    usedNumber,
    createdAt: toIso(row.createdAt),
  };
}

export async function listCoupons(deps: CouponDeps, body: z.output<typeof couponListBodySchema>) {
  const { list, total } = await couponPage(deps.db, body);
  return { total, list: list.map((row) => couponView(row.coupon, Number(row.used))) };
}

async function lockCoupon(tx: Executor, id: number): Promise<CouponRow> {
  const row = await lockCouponRow(tx, id);
  if (!row) throw new AppError('notFound', { field: 'id', detail: String(id) });
  return row;
}

/** Create, or edit a coupon never sent (what was sent keeps the terms it was sent with). */
export function saveCoupon(
  deps: CouponDeps,
  body: z.output<typeof couponSaveBodySchema>,
  actorId: number | null,
) {
  const now = deps.clock.now();
  const values = {
    title: body.title,
    target: body.target,
    faceKind: body.faceKind,
    amountPaise: BigInt(body.amountPaise),
    percentBasisPoints: body.faceKind === 'percent' ? (body.percentBasisPoints ?? null) : null,
    totalNumber: body.totalNumber,
    validDays: body.validDays,
    thresholdPaise: BigInt(body.thresholdPaise),
    expiresOn: body.expiresOn,
    updatedAt: now,
  };
  return deps.db.transaction(async (tx) => {
    if (body.id === undefined) {
      const row = await insertCoupon(tx, { ...values, createdBy: actorId, createdAt: now });
      return couponView(row, 0);
    }
    const existing = await lockCoupon(tx, body.id);
    if (existing.sentNumber > 0) throw new AppError('couponAlreadySent', { field: existing.title });
    const row = await updateCoupon(tx, body.id, values);
    return couponView(row!, 0);
  });
}

export async function setCouponStatus(
  deps: CouponDeps,
  body: { id: number; status: 'available' | 'unavailable' },
) {
  const row = await updateCoupon(deps.db, body.id, {
    status: body.status,
    updatedAt: deps.clock.now(),
  });
  if (!row) throw new AppError('notFound', { field: 'id', detail: String(body.id) });
  return couponView(row, await usedCountOf(deps.db, row.id));
}

/** Deletes a coupon never sent; one sent is kept (its holders and the ledger refer to it). */
export function deleteCoupon(deps: CouponDeps, id: number) {
  return deps.db.transaction(async (tx) => {
    const existing = await lockCoupon(tx, id);
    if (existing.sentNumber > 0) throw new AppError('couponAlreadySent', { field: existing.title });
    await deleteCouponRow(tx, id);
    return { id };
  });
}

export async function audience(
  deps: CouponDeps,
  body: { page: number; pageSize: number; filters: AudienceFilters },
) {
  const { list, total, blacklisted } = await audiencePage(deps.db, body.filters, body);
  return {
    total,
    blacklisted,
    list: list.map((row) => ({
      id: row.id,
      name: maskName(row.name),
      phone: maskPhone(row.phone),
      channel: row.channel,
      registrationDate: row.registrationDate,
      customerType: row.customerType,
      loansTaken: Number(row.loansTaken),
    })),
  };
}

export interface SendInput {
  couponId: number;
  filters: AudienceFilters;
  idempotencyKey: string;
}

/**
 * Sends a coupon to everyone the filters reach (never to a blacklisted borrower), once per
 * key: the batch row claims the key (a retry gets the first answer; the same key with another
 * coupon or other filters is refused). A borrower already holding the coupon is skipped; the
 * coupon's row lock keeps concurrent sends within its total.
 */
export function sendCoupon(deps: CouponDeps, input: SendInput, actorId: number | null) {
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  return deps.db.transaction(async (tx) => {
    // A batch names its coupon (a foreign key): an unknown coupon is a 404 before the claim,
    // not a refused insert (a 500, found by the generated-input test's valid bodies).
    if (!(await findCoupon(tx, input.couponId)))
      throw new AppError('notFound', { field: 'couponId', detail: String(input.couponId) });
    const claimed = await claimBatch(tx, {
      couponId: input.couponId,
      idempotencyKey: input.idempotencyKey,
      filters: input.filters,
      sentBy: actorId,
      sentAt: now,
    });
    if (!claimed) return replaySend(tx, input);
    const coupon = await lockCoupon(tx, input.couponId);
    if (coupon.status !== 'available')
      throw new AppError('couponUnavailable', { field: coupon.title, detail: 'it is unavailable' });
    if (coupon.expiresOn < today) {
      throw new AppError('couponUnavailable', {
        field: coupon.title,
        detail: `its last sending day was ${coupon.expiresOn}`,
      });
    }
    const { ids, blacklisted } = await audienceIds(tx, input.filters);
    const held = new Set(ids.length === 0 ? [] : await holdersOf(tx, coupon.id));
    const toSend = ids.filter((id) => !held.has(id));
    const remaining = coupon.totalNumber - coupon.sentNumber;
    if (toSend.length > remaining) {
      throw new AppError('couponStockExhausted', {
        field: coupon.title,
        detail: String(remaining),
      });
    }
    // A coupon sent today can be used through the day `validDays - 1` after.
    const expiresOn = addDays(today, coupon.validDays - 1);
    await insertIssuedCoupons(
      tx,
      toSend.map((borrowerAccountId) => ({
        couponId: coupon.id,
        batchId: claimed.id,
        borrowerAccountId,
        expiresOn,
        sentAt: now,
      })),
    );
    await updateCoupon(tx, coupon.id, {
      sentNumber: coupon.sentNumber + toSend.length,
      updatedAt: now,
    });
    const result = {
      batchId: claimed.id,
      sent: toSend.length,
      alreadyHeld: ids.length - toSend.length,
      blacklisted,
    };
    await setBatchResult(tx, claimed.id, {
      sent: result.sent,
      alreadyHeld: result.alreadyHeld,
      blacklisted,
    });
    return result;
  });
}

/** The stored filters (jsonb keeps its own key order) against a retry's. */
function sameFilters(stored: Record<string, unknown>, asked: AudienceFilters): boolean {
  const sorted = (value: Record<string, unknown>) =>
    JSON.stringify(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
  return sorted(stored) === sorted(asked as Record<string, unknown>);
}

async function replaySend(tx: Executor, input: SendInput) {
  const batch = await batchOfKey(tx, input.idempotencyKey);
  if (
    !batch ||
    batch.couponId !== input.couponId ||
    sameFilters(batch.filters, input.filters) === false
  ) {
    throw new AppError('idempotencyKeyReused', { field: input.idempotencyKey });
  }
  return {
    batchId: batch.id,
    sent: batch.sent,
    alreadyHeld: batch.alreadyHeld,
    blacklisted: batch.blacklisted,
  };
}

/** A sent coupon's state as of `today`: expired is an unused one past its last day. */
export function stateOf(row: { status: 'unused' | 'used'; expiresOn: string }, today: string) {
  if (row.status === 'used') return 'used' as const;
  return row.expiresOn < today ? ('expired' as const) : ('unused' as const);
}

export async function listSentCoupons(
  deps: CouponDeps,
  body: z.output<typeof sentCouponListBodySchema>,
) {
  const today = indiaDateOf(deps.clock.now());
  const { list, total } = await sentCouponPage(deps.db, body, today);
  return {
    total,
    list: list.map((row) => ({
      id: row.issued.id,
      batchId: row.issued.batchId,
      couponId: row.issued.couponId,
      couponTitle: row.couponTitle,
      customerName: maskName(row.name),
      customerPhone: maskPhone(row.phone),
      sentAt: toIso(row.issued.sentAt),
      sentBy: row.sentBy,
      expiresOn: row.issued.expiresOn,
      state: stateOf(row.issued, today),
      usedAt: toIsoOrNull(row.issued.usedAt),
      orderNo: row.orderNo,
      reducedPaise: row.issued.reducedPaise === null ? null : paiseToApi(row.issued.reducedPaise),
    })),
  };
}

/** Borrower API: the borrower's coupons, newest first. */
export async function borrowerCoupons(deps: CouponDeps, borrowerId: number) {
  const today = indiaDateOf(deps.clock.now());
  const rows = await couponsOfBorrower(deps.db, borrowerId);
  return {
    list: rows.map(({ issued, coupon }) => ({
      id: issued.id,
      title: coupon.title,
      target: coupon.target,
      faceKind: coupon.faceKind,
      amountPaise: paiseToApi(coupon.amountPaise),
      percentBasisPoints: coupon.percentBasisPoints,
      thresholdPaise: paiseToApi(coupon.thresholdPaise),
      expiresOn: issued.expiresOn,
      state: stateOf(issued, today),
      orderId: issued.orderId,
      reducedPaise: issued.reducedPaise === null ? null : paiseToApi(issued.reducedPaise),
    })),
  };
}
