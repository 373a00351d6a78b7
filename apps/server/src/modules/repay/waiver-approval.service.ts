import type { OrderCommandRet, WaiverBody, writeOffBodySchema } from '@lending/contract';
import { paiseToRupees, rupeesToPaise, type Paise } from '@lending/lending';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import { clearingOfOrder } from '../borrower-app/index.js';
import type { z } from 'zod';
import {
  findOrder,
  idempotencyKeyTaken,
  waiver,
  writeOff,
  type LoanBookDeps,
  type LoanOrderRow,
} from '../loan-book/index.js';
import type { SettingsService } from '../ops-config/index.js';
import {
  decidePendingRequest,
  findRequest,
  insertRequest,
  lockRequestOfKind,
  requestOfKey,
  type WaiverRequestRow,
} from './waiver-requests.repository.js';
import type { WaiverRequestKind, WaiverRequestStatus } from './waiver-requests.table.js';

/**
 * Waivers and write-offs with a second person (decisions 0045, 0050): a waiver of more than the
 * operations setting `waiver_approval_above_rupees`, and every write-off, is not applied when
 * asked for; it waits, and is applied as asked when another member of staff approves it.
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
  const order = await findOrder(db, orderId);
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

/** The answer names the request under the field of its kind. */
function requestIdOf(request: { id: number; kind: WaiverRequestKind }) {
  return request.kind === 'writeOff'
    ? { writeOffRequestId: request.id }
    : { waiverRequestId: request.id };
}

function pendingAnswer(
  order: LoanOrderRow,
  request: { id: number; kind: WaiverRequestKind; amountPaise: Paise },
): OrderCommandRet {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    closureType: order.closureType,
    amountPaise: paiseToApi(request.amountPaise),
    ...requestIdOf(request),
  };
}

const KIND_LABEL = { waiver: 'waiver', writeOff: 'write-off' } as const;

/** The order's one waiting request (of either kind) refuses another: 409 4091. */
function oneWaitsAlready(order: LoanOrderRow): AppError {
  return new AppError('duplicate', {
    field: `A waiver or write-off of ${order.orderNo} awaiting approval`,
  });
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
  const asked = { ...body, kind: 'waiver' as const };
  const kept = await requestOfKey(deps.db, body.idempotencyKey);
  if (kept) return replayOfRequest(deps, kept, asked);
  // Applied at once before (under the amount): the loan book answers the replay, whatever the
  // order owes now.
  if (await idempotencyKeyTaken(deps.db, body.idempotencyKey))
    return waiver(deps.loanBook, body, actorId) as Promise<OrderCommandRet>;

  const order = await orderOf(deps.db, body.orderId);
  const amount = waiverAmountToday(order, body, indiaDateOf(deps.clock.now()));
  if (amount <= (await deps.waiverApprovalAbove()))
    return waiver(deps.loanBook, body, actorId) as Promise<OrderCommandRet>;
  return keepRequest(deps, order, asked, {
    amounts: body.amounts ?? null,
    amountPaise: amount,
    requestedBy: actorId,
  });
}

type WriteOffBody = z.infer<typeof writeOffBodySchema>;
/** A maker's call as kept: a write-off's body, a waiver's parts, and which of the two it is. */
type AskedBody = WriteOffBody & Pick<WaiverBody, 'amounts'> & { kind: WaiverRequestKind };

/**
 * Keeps the maker's call as a request waiting for a second person. The key taken meanwhile (a
 * concurrent replay) answers that request; the order's one pending request of either kind
 * refuses another.
 */
async function keepRequest(
  deps: WaiverApprovalDeps,
  order: LoanOrderRow,
  asked: AskedBody,
  values: { amounts: WaiverRequestRow['amounts']; amountPaise: Paise; requestedBy: number },
): Promise<OrderCommandRet> {
  const created = await insertRequest(deps.db, {
    ...values,
    kind: asked.kind,
    orderId: order.id,
    idempotencyKey: asked.idempotencyKey,
    reason: asked.reason,
    requestedAt: deps.clock.now(),
  });
  if (created) return pendingAnswer(order, created);
  const again = await requestOfKey(deps.db, asked.idempotencyKey);
  if (again) return replayOfRequest(deps, again, asked);
  throw oneWaitsAlready(order);
}

/**
 * The maker's write-off (decision 0050): never applied when asked, whatever the sum. Only an
 * overdue order can be written off (409 4092 otherwise); the request keeps what clears the
 * order today (what the write-off takes off) and the order is unchanged. The same key again
 * answers the same request; one request waits per order, a waiver's included.
 */
export async function requestWriteOff(
  deps: WaiverApprovalDeps,
  body: WriteOffBody,
  actorId: number,
): Promise<OrderCommandRet> {
  const asked = { ...body, kind: 'writeOff' as const };
  const kept = await requestOfKey(deps.db, body.idempotencyKey);
  if (kept) return replayOfRequest(deps, kept, asked);
  // Written off at once before write-offs waited (or by the loan book directly): its replay.
  if (await idempotencyKeyTaken(deps.db, body.idempotencyKey))
    return writeOff(deps.loanBook, body, actorId) as Promise<OrderCommandRet>;

  const order = await orderOf(deps.db, body.orderId);
  const today = indiaDateOf(deps.clock.now());
  const clearing = order.status === 'OVERDUE' ? clearingOfOrder(order, today) : null;
  if (!clearing)
    throw new AppError('orderStateConflict', { field: order.orderNo, detail: order.status });
  return keepRequest(deps, order, asked, {
    amounts: null,
    amountPaise: clearing.total,
    requestedBy: actorId,
  });
}

async function replayOfRequest(
  deps: WaiverApprovalDeps,
  request: WaiverRequestRow,
  body: AskedBody,
): Promise<OrderCommandRet> {
  const same =
    request.kind === body.kind &&
    request.orderId === body.orderId &&
    request.reason === body.reason &&
    JSON.stringify(request.amounts ?? null) === JSON.stringify(body.amounts ?? null);
  if (!same) throw new AppError('idempotencyKeyReused', { field: body.idempotencyKey });
  return pendingAnswer(await orderOf(deps.db, request.orderId), request);
}

/** A request of this kind (another kind's id is not found: each has its own grant). */
async function lockedRequest(tx: Executor, kind: WaiverRequestKind, id: number) {
  const request = await lockRequestOfKind(tx, kind, id);
  if (!request) throw new AppError('notFound', { field: 'id', detail: String(id) });
  return request;
}

function mustDecide(request: WaiverRequestRow, order: LoanOrderRow, actorId: number) {
  // Lapsed when its order stopped qualifying (decision 0054): nobody can decide it any more.
  if (request.status === 'lapsed')
    throw new AppError('requestLapsed', { field: order.orderNo, detail: order.status });
  const field = `The ${KIND_LABEL[request.kind]} of ${order.orderNo}`;
  if (request.status !== 'pending')
    throw new AppError('alreadyReviewed', { field, detail: request.status });
  if (request.requestedBy === actorId) throw new AppError('sameMakerChecker', { field });
}

/**
 * What a waiting request takes off now: a waiver's parts asked for (fixed sums), or for a
 * settlement or a write-off what clears the order today, which grows as charges accrue after it
 * was asked for.
 */
function amountNow(request: WaiverRequestRow, order: LoanOrderRow, today: string) {
  if (request.amounts) return request.amountPaise;
  return clearingOfOrder(order, today)?.total ?? 0n;
}

/**
 * The checker approves the sum they saw: the waiver is applied as the maker asked (their
 * reason) in the same transaction that marks the request approved. A settlement waives what
 * clears the order that day; if that is not the sum approved (it accrued since the checker
 * looked), nothing happens and they look again. The same approval key replays its result.
 */
export function approveWaiver(
  deps: WaiverApprovalDeps,
  input: ApprovalInput,
  actorId: number,
): Promise<OrderCommandRet> {
  return approveRequest(deps, 'waiver', input, actorId);
}

/**
 * The checker approves a write-off at the sum they saw: the loan book writes the order off (the
 * maker's reason) in the transaction that marks the request approved (decision 0050).
 */
export function approveWriteOff(
  deps: WaiverApprovalDeps,
  input: ApprovalInput,
  actorId: number,
): Promise<OrderCommandRet> {
  return approveRequest(deps, 'writeOff', input, actorId);
}

type ApprovalInput = { id: number; idempotencyKey: string; amountPaise: number };

const AMOUNT_CHANGED = {
  waiver: 'waiverAmountChanged',
  writeOff: 'writeOffAmountChanged',
} as const;

/** The maker's call, applied through the loan book under the checker's key. */
function applyRequest(
  loanBook: LoanBookDeps,
  request: WaiverRequestRow,
  idempotencyKey: string,
  actorId: number,
) {
  const command = { orderId: request.orderId, idempotencyKey, reason: request.reason };
  if (request.kind === 'writeOff') return writeOff(loanBook, command, actorId);
  return waiver(
    loanBook,
    { ...command, ...(request.amounts ? { amounts: request.amounts } : {}) },
    actorId,
  );
}

async function approveRequest(
  deps: WaiverApprovalDeps,
  kind: WaiverRequestKind,
  input: ApprovalInput,
  actorId: number,
): Promise<OrderCommandRet> {
  return deps.db.transaction(async (tx) => {
    const request = await lockedRequest(tx, kind, input.id);
    const loanBook = { ...deps.loanBook, db: tx as unknown as Database };
    if (request.status === 'approved' && request.approvalKey === input.idempotencyKey) {
      // A replay: the loan book answers its stored result for the same key.
      const replayed = await applyRequest(loanBook, request, input.idempotencyKey, actorId);
      return { ...replayed, ...requestIdOf(request) } as OrderCommandRet;
    }
    const order = await orderOf(tx, request.orderId);
    mustDecide(request, order, actorId);
    const now = amountNow(request, order, indiaDateOf(deps.clock.now()));
    if (now !== BigInt(input.amountPaise))
      throw new AppError(AMOUNT_CHANGED[kind], {
        field: order.orderNo,
        detail: `₹${paiseToRupees(now)}`,
      });
    // Approved before it is applied: the order it settles or writes off no longer qualifies
    // for a waiting request, and the loan book lapses whatever still waits on it (decision
    // 0054). Both in this transaction: a refusal by the loan book undoes the approval.
    await decidePendingRequest(tx, request.id, {
      status: 'approved' satisfies WaiverRequestStatus,
      decidedBy: actorId,
      decidedAt: deps.clock.now(),
      approvalKey: input.idempotencyKey,
    });
    const result = await applyRequest(loanBook, request, input.idempotencyKey, actorId);
    return { ...result, ...requestIdOf(request) } as OrderCommandRet;
  });
}

/**
 * What a waiting waiver or write-off would take off today (the checker's view; the
 * simulator's).
 */
export async function waitingWaiverAmount(deps: WaiverApprovalDeps, id: number): Promise<Paise> {
  const request = await findRequest(deps.db, id);
  if (!request) throw new AppError('notFound', { field: 'id', detail: String(id) });
  return amountNow(request, await orderOf(deps.db, request.orderId), indiaDateOf(deps.clock.now()));
}

/** The checker rejects, with the reason; nothing changes on the order. */
export function rejectWaiver(
  deps: WaiverApprovalDeps,
  input: { id: number; reason: string },
  actorId: number,
) {
  return rejectRequest(deps, 'waiver', input, actorId);
}

/** The checker rejects a write-off, with the reason; the order stays as it is. */
export function rejectWriteOff(
  deps: WaiverApprovalDeps,
  input: { id: number; reason: string },
  actorId: number,
) {
  return rejectRequest(deps, 'writeOff', input, actorId);
}

async function rejectRequest(
  deps: WaiverApprovalDeps,
  kind: WaiverRequestKind,
  input: { id: number; reason: string },
  actorId: number,
) {
  return deps.db.transaction(async (tx) => {
    const request = await lockedRequest(tx, kind, input.id);
    mustDecide(request, await orderOf(tx, request.orderId), actorId);
    // Locked, and found pending by mustDecide: the write's pending guard holds.
    await decidePendingRequest(tx, request.id, {
      status: 'rejected' satisfies WaiverRequestStatus,
      decidedBy: actorId,
      decidedAt: deps.clock.now(),
      decisionReason: input.reason,
    });
    return { id: request.id, status: 'rejected' as const };
  });
}
