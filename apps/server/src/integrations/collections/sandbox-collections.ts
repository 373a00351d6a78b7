import type { Clock } from '../../shared/clock.js';
import { deliverWithRetries, type Scheduler, type WebhookDeliverer } from '../webhooks/delivery.js';
import { signatureHeader, SIGNATURE_HEADER } from '../webhooks/signature.js';
import { randomDelay } from '../sms/sandbox-sms.js';
import { sandboxIdTag } from '../sandbox/sandbox-ids.js';
import type {
  CollectionGateway,
  GatewayVirtualAccount,
  StatementCredit,
} from './collection-gateway.js';

export const SANDBOX_COLLECTIONS_WEBHOOK_PATH = '/webhooks/collections/sandbox';
/** The sandbox bank's IFSC (a well-formed code of no real branch). */
export const SANDBOX_IFSC = 'SBOX0000001';

export interface SandboxCollectionsOptions {
  clock: Clock;
  secret: string;
  deliver: WebhookDeliverer;
  scheduler: Scheduler;
  minDelayMs: number;
  maxDelayMs: number;
  duplicateRate: number;
  random?: () => number;
}

function accountOf(customerId: number): GatewayVirtualAccount {
  const padded = String(customerId).padStart(10, '0');
  return {
    providerAccountId: `va_sbx_${padded}`,
    // Derived from the customer, so the sandbox gives the same account after a restart.
    accountNumber: `2223330${padded}`,
    ifsc: SANDBOX_IFSC,
    upiId: `lend.${padded}@sbxupi`,
  };
}

/**
 * The sandbox collection gateway: a virtual account and UPI id per customer, a statement of
 * the credits it received, and `simulateCredit` — a borrower paying in — which reports the
 * credit by signed webhook after a random delay, sometimes twice (as real gateways do).
 */
export function createSandboxCollectionGateway(options: SandboxCollectionsOptions) {
  const random = options.random ?? Math.random;
  const statement: StatementCredit[] = [];
  const tag = sandboxIdTag(options.random, 6);
  let creditSeq = 0;

  const gateway: CollectionGateway & {
    simulateCredit(credit: {
      accountNumber?: string;
      upiId?: string;
      amountPaise: bigint;
      payerReference?: string;
    }): { paymentId: string; eventId: string; body: string };
    readonly statement: readonly StatementCredit[];
    /** The bank's statement shows another amount for a credit (a reconciliation break). */
    misstate(paymentId: string, amountPaise: bigint): boolean;
    /** The bank's statement leaves a credit out (the book has it, the gateway does not). */
    omitFromStatement(paymentId: string): boolean;
  } = {
    provider: 'sandbox',
    statement,
    misstate(paymentId, amountPaise) {
      const index = statement.findIndex((credit) => credit.paymentId === paymentId);
      if (index < 0) return false;
      statement[index] = { ...statement[index]!, amountPaise };
      return true;
    },
    omitFromStatement(paymentId) {
      const index = statement.findIndex((credit) => credit.paymentId === paymentId);
      if (index < 0) return false;
      statement.splice(index, 1);
      return true;
    },
    async createVirtualAccount({ customerId }) {
      return accountOf(customerId);
    },
    async getVirtualAccount(providerAccountId) {
      const match = /^va_sbx_(\d{10})$/.exec(providerAccountId);
      return match ? accountOf(Number(match[1])) : undefined;
    },
    async statementOfCredits({ from, to }) {
      return statement.filter((credit) => credit.creditedAt >= from && credit.creditedAt < to);
    },
    simulateCredit(credit) {
      const upi = credit.upiId ? /^lend\.(\d{10})@sbxupi$/.exec(credit.upiId) : null;
      const accountNumber = credit.accountNumber ?? (upi ? `2223330${upi[1]}` : '');
      const method = credit.upiId ? ('upi' as const) : ('bank_transfer' as const);
      creditSeq += 1;
      const paymentId = `pay_sbx_${tag}${String(creditSeq).padStart(8, '0')}`;
      const creditedAt = options.clock.now();
      statement.push({
        paymentId,
        accountNumber,
        method,
        amountPaise: credit.amountPaise,
        creditedAt,
      });
      const eventId = `evt_sbx_${tag}${String(creditSeq).padStart(8, '0')}`;
      const body = JSON.stringify({
        id: eventId,
        type: 'credit.received',
        createdAt: creditedAt.toISOString(),
        data: {
          paymentId,
          accountNumber,
          ...(credit.upiId ? { upiId: credit.upiId } : {}),
          method,
          amountPaise: Number(credit.amountPaise),
          payerReference: credit.payerReference ?? '',
          creditedAt: creditedAt.toISOString(),
        },
      });
      const copies = random() < options.duplicateRate ? 2 : 1;
      for (let copy = 0; copy < copies; copy += 1) {
        options.scheduler.later(randomDelay(options), async () => {
          const headers = {
            [SIGNATURE_HEADER]: signatureHeader(options.secret, options.clock.now(), body),
          };
          await deliverWithRetries(
            options.deliver,
            SANDBOX_COLLECTIONS_WEBHOOK_PATH,
            body,
            headers,
          );
        });
      }
      return { paymentId, eventId, body };
    },
  };
  return gateway;
}

export type SandboxCollectionGateway = ReturnType<typeof createSandboxCollectionGateway>;
