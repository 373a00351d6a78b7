import { AsyncResource } from 'node:async_hooks';
import type { Database } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import {
  markPayoutUnknown,
  openPayouts,
  payoutInstruction,
  recordPayoutResult,
  type LoanBookDeps,
  type PayoutInstruction,
} from '../loan-book/index.js';
import {
  PayoutGatewayRejected,
  PayoutGatewayUnavailable,
  type GatewayPayout,
  type PayoutGateway,
} from '../../integrations/payouts/payout-gateway.js';
import {
  claimDueDispatch,
  findDispatch,
  insertDispatchUnlessExists,
  noteDispatchError,
  recordDispatchAttempt,
  recordDispatchLookup,
  setNextDispatchCheck,
} from './payout-dispatches.repository.js';
import type { PayoutDispatchRow } from './payout-dispatches.table.js';
import { applyGatewayPayout, payoutReference } from './payout-results.js';
import type { Job } from '../../shared/jobs.js';

export interface PayoutDispatcherOptions {
  db: Database;
  loanBook: LoanBookDeps;
  gateway: PayoutGateway;
  clock: Clock;
  /** A gateway call that has not answered by then has an unknown outcome. */
  callTimeoutMs?: number;
  /** A payout the gateway is processing is looked up if no webhook settled it by then. */
  recheckAfterMs?: number;
  /** An unknown or unsent payout is looked up (then re-sent with its key) after this. */
  retryAfterMs?: number;
  /** Tests: runs after the dispatch row is committed, just before the gateway call (a crash). */
  beforeGatewayCall?: (payoutId: number) => void;
  onError?: (error: unknown) => void;
}

export type DispatchResult = 'sent' | 'unknown' | 'rejected' | 'closed' | 'missing';

export interface SweepReport {
  examined: number;
  sent: number;
  lookedUp: number;
  resolved: number;
  stillOpen: number;
}

const OPEN = new Set(['queued', 'processing', 'unknown']);

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PayoutGatewayUnavailable(`no answer in ${ms} ms`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Anything but a definite refusal leaves the outcome unknown (timeouts, resets, 5xx). */
function isRejection(error: unknown): boolean {
  return error instanceof PayoutGatewayRejected;
}

/**
 * Sends committed payouts to the gateway and resolves those whose outcome is unknown.
 *
 * - `dispatch` (in-process, right after the intent is committed): writes the dispatch row, then
 *   calls the gateway with the payout's own idempotency key. A lost reply or timeout leaves
 *   the payout `unknown`; a refusal fails it; an answer is applied like a webhook.
 * - `sweep` (periodic): every open payout whose check is due is looked up at the gateway by
 *   reference. Found → its status is applied. Not found → it never arrived, so it is sent
 *   again with the SAME key (the gateway's idempotency makes that safe). Never a new key:
 *   that is the one way to pay twice (docs/security.md).
 */
export function createPayoutDispatcher(options: PayoutDispatcherOptions) {
  const { db, gateway, clock } = options;
  const loanBook: LoanBookDeps = { ...options.loanBook, db };
  const callTimeoutMs = options.callTimeoutMs ?? 15_000;
  const recheckAfterMs = options.recheckAfterMs ?? 10 * 60_000;
  const retryAfterMs = options.retryAfterMs ?? 60_000;
  const provider = gateway.provider;
  // Work queued from inside a request runs in the context the dispatcher was made in, not in
  // the request's audited transaction scope (which has ended by then).
  const detached = AsyncResource.bind((task: () => void) => task());
  let queue: Promise<void> = Promise.resolve();

  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  const dispatchRow = (payoutId: number) => findDispatch(db, payoutId);

  async function noteError(payoutId: number, message: string, nextCheckAt: Date) {
    await noteDispatchError(db, payoutId, {
      lastError: message.slice(0, 500),
      nextCheckAt,
      at: clock.now(),
    });
  }

  async function apply(payoutId: number, reported: GatewayPayout) {
    await setNextDispatchCheck(db, payoutId, later(recheckAfterMs), clock.now());
    return applyGatewayPayout(db, loanBook, provider, payoutId, reported, clock.now());
  }

  async function send(payout: PayoutInstruction): Promise<DispatchResult> {
    const now = clock.now();
    const reference = payoutReference(payout.payoutId);
    // Committed before the call: a crash after it leaves a row for the sweep to resolve.
    await recordDispatchAttempt(db, {
      payoutId: payout.payoutId,
      provider,
      reference,
      nextCheckAt: later(retryAfterMs),
      at: now,
    });
    options.beforeGatewayCall?.(payout.payoutId);
    if (!payout.beneficiary.verified || !payout.beneficiary.accountNumber) {
      // docs/domain.md: disbursal only to the borrower's own verified account.
      await recordPayoutResult(loanBook, payout.payoutId, {
        status: 'failed',
        errorMessage: 'beneficiary account not verified',
      });
      return 'rejected';
    }
    let reported: GatewayPayout;
    try {
      reported = await withTimeout(
        gateway.createPayout({
          idempotencyKey: payout.idempotencyKey,
          amountPaise: payout.amountPaise,
          beneficiary: {
            name: payout.beneficiary.name,
            accountNumber: payout.beneficiary.accountNumber,
            ifsc: payout.beneficiary.ifsc,
          },
          purpose: payout.purpose,
          reference,
        }),
        callTimeoutMs,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isRejection(error)) {
        await noteError(payout.payoutId, `rejected: ${message}`, later(recheckAfterMs));
        await recordPayoutResult(loanBook, payout.payoutId, {
          status: 'failed',
          errorMessage: `rejected by the gateway: ${message}`.slice(0, 500),
        });
        return 'rejected';
      }
      await markPayoutUnknown(db, payout.payoutId, `gateway call: ${message}`, clock.now());
      await noteError(payout.payoutId, `unknown: ${message}`, later(retryAfterMs));
      return 'unknown';
    }
    await apply(payout.payoutId, reported);
    return 'sent';
  }

  async function dispatch(payoutId: number): Promise<DispatchResult> {
    const payout = await payoutInstruction(db, payoutId);
    if (!payout) return 'missing';
    if (!OPEN.has(payout.status)) return 'closed';
    // Sent before (a client retrying its call with the same key after a crash, the sweep,
    // another server): what the gateway knows decides, as in the sweep.
    const row = await dispatchRow(payoutId);
    if (row) return (await resolve(payout, row)).result;
    return send(payout);
  }

  /**
   * Looks one open payout up and settles it, or re-sends it with its own key. A payout with a
   * dispatch row may be at the gateway even without its id (a crash or lost reply around the
   * call), so it is looked up before anything is sent again: a re-send is refused, or failed
   * here, when the borrower changed the bank account since, and failing a payout the gateway
   * holds releases its order to be paid a second time.
   */
  async function resolve(payout: PayoutInstruction, row: PayoutDispatchRow | undefined) {
    if (!row) {
      // Never sent: nothing at the gateway can name it.
      return { sent: true, result: await send(payout) };
    }
    await recordDispatchLookup(db, payout.payoutId, later(retryAfterMs));
    let found: GatewayPayout | undefined;
    try {
      found = await withTimeout(
        gateway.fetchStatus({
          ...(row.gatewayPayoutId ? { gatewayPayoutId: row.gatewayPayoutId } : {}),
          reference: row.reference,
        }),
        callTimeoutMs,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await noteError(payout.payoutId, `lookup: ${message}`, later(retryAfterMs));
      return { sent: false, result: 'unknown' as const };
    }
    if (!found) return { sent: true, result: await send(payout) };
    await apply(payout.payoutId, found);
    return { sent: false, result: 'sent' as const };
  }

  /**
   * Takes a due payout for this sweep: its next check is moved on in one conditional statement
   * (or, never sent, its dispatch row is made), so of several servers sweeping at once one
   * looks it up or sends it, and the others pass it by until its next check.
   */
  async function claimForSweep(
    payout: PayoutInstruction,
    row: PayoutDispatchRow | undefined,
    now: Date,
  ): Promise<boolean> {
    if (row) return claimDueDispatch(db, payout.payoutId, now, later(retryAfterMs));
    return insertDispatchUnlessExists(db, {
      payoutId: payout.payoutId,
      provider,
      reference: payoutReference(payout.payoutId),
      nextCheckAt: later(retryAfterMs),
      at: now,
    });
  }

  async function sweep(
    sweepOptions: { all?: boolean; limit?: number; signal?: AbortSignal } = {},
  ): Promise<SweepReport> {
    const report: SweepReport = { examined: 0, sent: 0, lookedUp: 0, resolved: 0, stillOpen: 0 };
    const now = clock.now();
    for (const payout of await openPayouts(db, sweepOptions.limit ?? 500)) {
      // The server is stopping: the payouts not reached stay due for the next sweep, anywhere.
      if (sweepOptions.signal?.aborted) break;
      // A payout the claim gave a dispatch row was never sent: `row` stays undefined and it is
      // sent now (its first attempt).
      const row = await dispatchRow(payout.payoutId);
      if (!sweepOptions.all) {
        if (row && row.nextCheckAt > now) continue;
        if (!(await claimForSweep(payout, row, now))) continue;
      }
      report.examined += 1;
      try {
        const { sent } = await resolve(payout, row);
        if (sent) report.sent += 1;
        else report.lookedUp += 1;
      } catch (error) {
        options.onError?.(error);
      }
      const after = await payoutInstruction(db, payout.payoutId);
      if (after && OPEN.has(after.status)) report.stillOpen += 1;
      else report.resolved += 1;
    }
    return report;
  }

  /** After a commit elsewhere: send now, retrying briefly while the commit becomes visible. */
  function enqueue(payoutId: number): void {
    detached(() => {
      queue = queue
        .then(async () => {
          for (const pause of [0, 20, 100, 500]) {
            if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
            if ((await dispatch(payoutId)) !== 'missing') return;
          }
        })
        .catch((error: unknown) => options.onError?.(error));
    });
  }

  /** The periodic sweep as a job (server.ts's list). */
  function sweepJob(intervalMs = 30_000): Job<SweepReport> {
    return { name: 'payout_sweep', intervalMs, pass: (signal) => sweep({ signal }) };
  }

  return {
    provider,
    dispatch,
    sweep,
    enqueue,
    sweepJob,
    /** Resolves when every enqueued dispatch has run (tests, simulator). */
    idle: () => queue,
  };
}

export type PayoutDispatcher = ReturnType<typeof createPayoutDispatcher>;
