import { createHash } from 'node:crypto';
import { sandboxIdTag } from '../sandbox/sandbox-ids.js';
import type { Clock } from '../../shared/clock.js';
import { deliverWithRetries, type Scheduler, type WebhookDeliverer } from '../webhooks/delivery.js';
import { signatureHeader, SIGNATURE_HEADER } from '../webhooks/signature.js';
import {
  PayoutGatewayRejected,
  type CreatePayoutRequest,
  type GatewayPayout,
  type GatewayPayoutStatus,
  type PayoutGateway,
} from './payout-gateway.js';

export const SANDBOX_PAYOUTS_WEBHOOK_PATH = '/webhooks/payouts/sandbox';

export interface SandboxPayoutsOptions {
  clock: Clock;
  secret: string;
  deliver: WebhookDeliverer;
  scheduler: Scheduler;
  minDelayMs: number;
  maxDelayMs: number;
  /** Share of payouts that end `failed`. */
  failureRate: number;
  /** Share of processed payouts later `reversed` by the beneficiary's bank. */
  reversalRate: number;
  /** Share of webhooks delivered twice. */
  duplicateRate: number;
  /** Share of bank-account verifications (penny drop) that fail. */
  bankVerifyFailureRate?: number;
  /** Randomness in [0, 1); a seeded one makes the sandbox deterministic (simulator, tests). */
  random?: () => number;
  startingBalancePaise?: bigint;
}

interface SandboxPayout extends GatewayPayout {
  fingerprint: string;
  idempotencyKey: string;
}

/** The webhook body of the sandbox: the shared gateway envelope with the payout as data. */
export function sandboxPayoutEvent(id: string, payout: GatewayPayout, at: Date) {
  return {
    id,
    type: `payout.${payout.status}`,
    createdAt: at.toISOString(),
    data: {
      gatewayPayoutId: payout.gatewayPayoutId,
      reference: payout.reference,
      status: payout.status,
      amountPaise: Number(payout.amountPaise),
      ...(payout.utr ? { utr: payout.utr } : {}),
      ...(payout.processedAt ? { processedAt: payout.processedAt.toISOString() } : {}),
      ...(payout.failureReason ? { failureReason: payout.failureReason } : {}),
    },
  };
}

function fingerprintOf(request: CreatePayoutRequest): string {
  return createHash('sha256')
    .update(
      [
        request.amountPaise.toString(),
        request.beneficiary.accountNumber,
        request.beneficiary.ifsc,
        request.reference,
        request.purpose,
      ].join('|'),
    )
    .digest('hex');
}

/**
 * The sandbox payout gateway. Like a real one it keeps its own state: the same idempotency key
 * always answers the same payout (another request under a used key is refused), so a retry
 * never pays twice. Outcomes are asynchronous: queued → processing → processed (UTR) | failed,
 * and a processed payout may later be reversed; each step is reported by a signed webhook
 * delivered after a random delay — so out of order — and sometimes twice.
 */
export function createSandboxPayoutGateway(options: SandboxPayoutsOptions) {
  const random = options.random ?? Math.random;
  const tag = sandboxIdTag(options.random, 4);
  let payoutSeq = 0;
  let eventSeq = 0;
  let checkSeq = 0;
  let balance = options.startingBalancePaise ?? 10_000_000_000n; // ₹10 crore
  const byKey = new Map<string, SandboxPayout>();
  const byId = new Map<string, SandboxPayout>();
  const byReference = new Map<string, SandboxPayout>();
  const stats = { createCalls: 0, payoutsCreated: 0, webhooksSent: 0 };
  /** What the statement shows apart from what was paid (by reference): a demo's breaks. */
  const misstated = new Map<string, bigint>();
  const omitted = new Set<string>();

  const delay = () =>
    options.maxDelayMs <= options.minDelayMs
      ? options.minDelayMs
      : options.minDelayMs + Math.floor(random() * (options.maxDelayMs - options.minDelayMs + 1));

  const view = (payout: SandboxPayout): GatewayPayout => ({
    gatewayPayoutId: payout.gatewayPayoutId,
    reference: payout.reference,
    status: payout.status,
    amountPaise: payout.amountPaise,
    utr: payout.utr,
    processedAt: payout.processedAt,
    failureReason: payout.failureReason,
  });

  function notify(payout: SandboxPayout) {
    eventSeq += 1;
    const at = options.clock.now();
    const body = JSON.stringify(sandboxPayoutEvent(`evt_po_${tag}_${eventSeq}`, view(payout), at));
    const copies = random() < options.duplicateRate ? 2 : 1;
    for (let copy = 0; copy < copies; copy += 1) {
      stats.webhooksSent += 1;
      options.scheduler.later(delay(), async () => {
        const headers = {
          [SIGNATURE_HEADER]: signatureHeader(options.secret, options.clock.now(), body),
        };
        await deliverWithRetries(options.deliver, SANDBOX_PAYOUTS_WEBHOOK_PATH, body, headers);
      });
    }
  }

  function move(payout: SandboxPayout, status: GatewayPayoutStatus, patch: Partial<GatewayPayout>) {
    Object.assign(payout, { status, ...patch });
    notify(payout);
  }

  /** The payout's life, one step after another (each step scheduled by the previous one). */
  function run(payout: SandboxPayout, funded: boolean) {
    const fails = !funded || random() < options.failureRate;
    const reverses = !fails && random() < options.reversalRate;
    options.scheduler.later(delay(), async () => {
      move(payout, 'processing', {});
      options.scheduler.later(delay(), async () => {
        if (fails) {
          if (funded) balance += payout.amountPaise;
          move(payout, 'failed', {
            failureReason: funded ? 'Beneficiary bank rejected the credit' : 'Insufficient balance',
          });
          return;
        }
        const utr = `SBXU${String(payoutSeq).padStart(4, '0')}${payout.gatewayPayoutId.slice(-8)}`;
        move(payout, 'processed', { utr, processedAt: options.clock.now() });
        if (reverses) {
          options.scheduler.later(delay(), async () => {
            balance += payout.amountPaise;
            move(payout, 'reversed', { failureReason: 'Credit returned by the beneficiary bank' });
          });
        }
      });
    });
  }

  const gateway: PayoutGateway & {
    readonly stats: typeof stats;
    payouts(): GatewayPayout[];
    deposit(amountPaise: bigint): void;
    /** The statement shows another amount for a payout (a reconciliation break). */
    misstate(reference: string, amountPaise: bigint): boolean;
    /** The statement leaves a payout out (the book has it, the gateway's statement does not). */
    omitFromStatement(reference: string): boolean;
  } = {
    provider: 'sandbox',
    stats,
    payouts: () => [...byId.values()].map(view),
    async createPayout(request) {
      stats.createCalls += 1;
      const fingerprint = fingerprintOf(request);
      const existing = byKey.get(request.idempotencyKey);
      if (existing) {
        if (existing.fingerprint !== fingerprint) {
          throw new PayoutGatewayRejected('idempotency key already used for another payout');
        }
        return view(existing);
      }
      if (request.amountPaise <= 0n) throw new PayoutGatewayRejected('amount must be positive');
      if (byReference.has(request.reference)) {
        throw new PayoutGatewayRejected('reference already used for another payout');
      }
      payoutSeq += 1;
      stats.payoutsCreated += 1;
      const payout: SandboxPayout = {
        gatewayPayoutId: `pout_sbx_${tag}${String(payoutSeq).padStart(8, '0')}`,
        reference: request.reference,
        status: 'queued',
        amountPaise: request.amountPaise,
        fingerprint,
        idempotencyKey: request.idempotencyKey,
      };
      const funded = balance >= request.amountPaise;
      if (funded) balance -= request.amountPaise;
      byKey.set(request.idempotencyKey, payout);
      byId.set(payout.gatewayPayoutId, payout);
      byReference.set(payout.reference, payout);
      run(payout, funded);
      return view(payout);
    },
    async fetchStatus({ gatewayPayoutId, reference }) {
      const payout =
        (gatewayPayoutId ? byId.get(gatewayPayoutId) : undefined) ??
        (reference ? byReference.get(reference) : undefined);
      return payout ? view(payout) : undefined;
    },
    /** From what it paid: each payout processed in the period, as paid unless misstated. */
    async statementOfPayouts({ from, to }) {
      return [...byId.values()]
        .filter(
          (payout) =>
            payout.processedAt !== undefined &&
            payout.processedAt >= from &&
            payout.processedAt < to &&
            !omitted.has(payout.reference),
        )
        .map((payout) => ({
          ...view(payout),
          amountPaise: misstated.get(payout.reference) ?? payout.amountPaise,
        }));
    },
    misstate(reference, amountPaise) {
      if (!byReference.get(reference)?.processedAt) return false;
      misstated.set(reference, amountPaise);
      return true;
    },
    omitFromStatement(reference) {
      if (!byReference.get(reference)?.processedAt) return false;
      omitted.add(reference);
      return true;
    },
    async balance() {
      return balance;
    },
    /** A top-up of the payout account arriving from the lender's bank (recharge). */
    deposit(amountPaise: bigint) {
      if (amountPaise <= 0n) throw new RangeError('a deposit must be positive');
      balance += amountPaise;
    },
    async verifyBankAccount(beneficiary) {
      checkSeq += 1;
      const verified = random() >= (options.bankVerifyFailureRate ?? 0);
      return {
        verified,
        reference: `fav_sbx_${tag}${String(checkSeq).padStart(8, '0')}`,
        ...(verified ? { registeredName: beneficiary.name } : {}),
      };
    },
  };
  return gateway;
}

export type SandboxPayoutGateway = ReturnType<typeof createSandboxPayoutGateway>;
