import { and, eq } from 'drizzle-orm';
import type { OrderCommandRet, WaiverBody } from '@lending/contract';
import { paiseToRupees, rupeesToPaise, type Paise } from '@lending/lending';
import { idempotencyRecords, loanOrders } from '../../db-schema.js';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import { clearingOfOrder } from '../borrower-app/index.js';
import { waiver, type LoanBookDeps, type LoanOrderRow } from '../loan-book/index.js';
import type { SettingsService } from '../ops-config/index.js';
import { waiverRequests, type WaiverRequestStatus } from './waiver-requests.table.js';

/**
 * Waivers with a second person (decision 0045): a waiver of more than the operations setting
 * `waiver_approval_above_rupees` is not applied when asked for; it waits, and is applied as
 * asked when another member of staff approves it.
 */
export interface WaiverApprovalDeps {
  db: Database;
  clock: Clock;
  loanBook: LoanBookDeps;
  /** The amount above which a waiver waits for approval (read at each call: it may change). */
  waiverApprovalAbove: () => Promise<Paise>;
}

/** The approval amount as the operations settings hold it now (whole rupees), in paise. */
export function waiverApprovalAboveOf(settings: SettingsService): () => Promise<Paise> {
  return async () =>
    rupeesToPaise(String(await settings.getNumber('waiver_approval_above_rupees')));
}

type WaiverPart = keyof NonNullable<WaiverBody['amounts']>;
const PARTS = {
  principalPaise: 'principal',
  interestPaise: 'interest',
  feePaise: 'fee',
  gstPaise: 'gst',
  penalPaise: 'penal',
} as const satisfies Record<WaiverPart, string>;

async function orderOf(db: Executor, orderId: number): Promise<LoanOrderRow> {
  const [order] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
  if (!order) throw new AppError('notFound', { field: 'orderId', detail: String(orderId) });
  return order;
}

/**
 * What a waiver would take off today: the parts asked for (each checked against what is owed
 * of it, naming the field), or for a settlement everything that clears the order today.
 */
function waiverAmountToday(order: LoanOrderRow, body: WaiverBody, today: string): Paise {
  const clearing = clearingOfOrder(order, today);
  if (!clearing)
    throw new AppError('orderStateConflict', { field: order.orderNo, detail: order.status });
  if (!body.amounts) return clearing.total;
  let total = 0n;
  const parts = Object.entries(PARTS) as [WaiverPart, (typeof PARTS)[WaiverPart]][];
  for (const [field, component] of parts) {
    const asked = BigInt(body.amounts[field] ?? 0);
    const owed = clearing.components[component];
    if (asked > owed)
      throw AppError.invalid(`amounts.${field}`, `more than the ${paiseToApi(owed)} paise owed`);
    total += asked;
  }
  return total;
}

function pendingAnswer(
  order: LoanOrderRow,
  request: { id: number; amountPaise: Paise },
): OrderCommandRet {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    closureType: order.closureType,
    amountPaise: paiseToApi(request.amountPaise),
    waiverRequestId: request.id,
  };
}

/**
 * The maker's waiver: applied at once up to the approval amount; above it, kept as a request
 * (one per order at a time) and answered with its id, the order unchanged. The same
 * idempotency key again answers the same request.
 */
export async function requestWaiver(
  deps: WaiverApprovalDeps,
  body: WaiverBody,
  actorId: number,
): Promise<OrderCommandRet> {
  const [asked] = await deps.db
    .select()
    .from(waiverRequests)
    .where(eq(waiverRequests.idempotencyKey, body.idempotencyKey));
  if (asked) return replayOfRequest(deps, asked, body);
  // Applied at once before (under the amount): the loan book answers the replay, whatever the
  // order owes now.
  const [applied] = await deps.db
    .select({ key: idempotencyRecords.key })
    .from(idempotencyRecords)
    .where(eq(idempotencyRecords.key, body.idempotencyKey));
  if (applied) return waiver(deps.loanBook, body, actorId) as Promise<OrderCommandRet>;

  const order = await orderOf(deps.db, body.orderId);
  const amount = waiverAmountToday(order, body, indiaDateOf(deps.clock.now()));
  if (amount <= (await deps.waiverApprovalAbove()))
    return waiver(deps.loanBook, body, actorId) as Promise<OrderCommandRet>;

  const [created] = await deps.db
    .insert(waiverRequests)
    .values({
      orderId: order.id,
      idempotencyKey: body.idempotencyKey,
      amounts: body.amounts ?? null,
      amountPaise: amount,
      reason: body.reason,
      requestedBy: actorId,
      requestedAt: deps.clock.now(),
    })
    // The key (a concurrent replay) or the order's one pending request.
    .onConflictDoNothing()
    .returning();
  if (created) return pendingAnswer(order, created);
  const [again] = await deps.db
    .select()
    .from(waiverRequests)
    .where(eq(waiverRequests.idempotencyKey, body.idempotencyKey));
  if (again) return replayOfRequest(deps, again, body);
  throw new AppError('duplicate', { field: `A waiver of ${order.orderNo} awaiting approval` });
}

async function replayOfRequest(
  deps: WaiverApprovalDeps,
  request: typeof waiverRequests.$inferSelect,
  body: WaiverBody,
): Promise<OrderCommandRet> {
  const same =
    request.orderId === body.orderId &&
    request.reason === body.reason &&
    JSON.stringify(request.amounts ?? null) === JSON.stringify(body.amounts ?? null);
  if (!same) throw new AppError('idempotencyKeyReused', { field: body.idempotencyKey });
  return pendingAnswer(await orderOf(deps.db, request.orderId), request);
}

async function lockedRequest(tx: Executor, id: number) {
  const [request] = await tx
    .select()
    .from(waiverRequests)
    .where(eq(waiverRequests.id, id))
    .for('update');
  if (!request) throw new AppError('notFound', { field: 'id', detail: String(id) });
  return request;
}

function mustDecide(
  request: typeof waiverRequests.$inferSelect,
  order: LoanOrderRow,
  actorId: number,
) {
  const field = `The waiver of ${order.orderNo}`;
  if (request.status !== 'pending')
    throw new AppError('alreadyReviewed', { field, detail: request.status });
  if (request.requestedBy === actorId) throw new AppError('sameMakerChecker', { field });
}

/**
 * What a waiting waiver takes off now: the parts asked for (fixed sums), or for a settlement
 * what clears the order today, which grows as charges accrue after it was asked for.
 */
function amountNow(
  request: typeof waiverRequests.$inferSelect,
  order: LoanOrderRow,
  today: string,
) {
  if (request.amounts) return request.amountPaise;
  return clearingOfOrder(order, today)?.total ?? 0n;
}

/**
 * The checker approves the sum they saw: the waiver is applied as the maker asked (their
 * reason) in the same transaction that marks the request approved. A settlement waives what
 * clears the order that day; if that is not the sum approved (it accrued since the checker
 * looked), nothing happens and they look again. The same approval key replays its result.
 */
export async function approveWaiver(
  deps: WaiverApprovalDeps,
  input: { id: number; idempotencyKey: string; amountPaise: number },
  actorId: number,
): Promise<OrderCommandRet> {
  return deps.db.transaction(async (tx) => {
    const request = await lockedRequest(tx, input.id);
    const loanBook = { ...deps.loanBook, db: tx as unknown as Database };
    const command = {
      orderId: request.orderId,
      idempotencyKey: input.idempotencyKey,
      reason: request.reason,
      ...(request.amounts ? { amounts: request.amounts } : {}),
    };
    if (request.status === 'approved' && request.approvalKey === input.idempotencyKey) {
      // A replay: the loan book answers its stored result for the same key.
      return { ...(await waiver(loanBook, command, actorId)), waiverRequestId: request.id };
    }
    const order = await orderOf(tx, request.orderId);
    mustDecide(request, order, actorId);
    const now = amountNow(request, order, indiaDateOf(deps.clock.now()));
    if (now !== BigInt(input.amountPaise))
      throw new AppError('waiverAmountChanged', {
        field: order.orderNo,
        detail: `₹${paiseToRupees(now)}`,
      });
    const result = await waiver(loanBook, command, actorId);
    await tx
      .update(waiverRequests)
      .set({
        status: 'approved' satisfies WaiverRequestStatus,
        decidedBy: actorId,
        decidedAt: deps.clock.now(),
        approvalKey: input.idempotencyKey,
      })
      .where(and(eq(waiverRequests.id, request.id), eq(waiverRequests.status, 'pending')));
    return { ...result, waiverRequestId: request.id } as OrderCommandRet;
  });
}

/** What each waiting waiver would take off today (the checker's view; the simulator's). */
export async function waitingWaiverAmount(deps: WaiverApprovalDeps, id: number): Promise<Paise> {
  const [request] = await deps.db.select().from(waiverRequests).where(eq(waiverRequests.id, id));
  if (!request) throw new AppError('notFound', { field: 'id', detail: String(id) });
  return amountNow(request, await orderOf(deps.db, request.orderId), indiaDateOf(deps.clock.now()));
}

/** The checker rejects, with the reason; nothing changes on the order. */
export async function rejectWaiver(
  deps: WaiverApprovalDeps,
  input: { id: number; reason: string },
  actorId: number,
) {
  return deps.db.transaction(async (tx) => {
    const request = await lockedRequest(tx, input.id);
    mustDecide(request, await orderOf(tx, request.orderId), actorId);
    await tx
      .update(waiverRequests)
      .set({
        status: 'rejected' satisfies WaiverRequestStatus,
        decidedBy: actorId,
        decidedAt: deps.clock.now(),
        decisionReason: input.reason,
      })
      .where(eq(waiverRequests.id, request.id));
    return { id: request.id, status: 'rejected' as const };
  });
}
