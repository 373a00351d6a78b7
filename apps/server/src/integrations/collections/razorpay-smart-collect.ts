import {
  createRazorpayApi,
  RazorpayApiError,
  type RazorpayApiOptions,
} from '../razorpay/razorpay-api.js';
import {
  CollectionGatewayRejected,
  CollectionGatewayUnavailable,
  type CollectionGateway,
  type GatewayVirtualAccount,
  type StatementCredit,
} from './collection-gateway.js';

export const RAZORPAY_SMART_COLLECT_PROVIDER = 'razorpay-smart-collect';
export const RAZORPAY_COLLECTIONS_WEBHOOK_PATH = '/webhooks/collections/razorpay';

/** Razorpay's largest page (`count`) for list calls. */
const PAGE_SIZE = 100;
/** A statement longer than this many pages (100,000 payments) is refused, not truncated. */
const MAX_STATEMENT_PAGES = 1_000;

export interface RazorpaySmartCollectOptions extends RazorpayApiOptions {
  /**
   * How far back `createVirtualAccount` looks for an account an earlier attempt made but never
   * heard back about (default 24 hours: a lost reply is retried when the borrower asks again,
   * usually within minutes), and how many pages of accounts it reads at most (default 10).
   */
  lookbackHours?: number;
  lookbackPages?: number;
  /** Now, for the look-back window (Razorpay's clock, not the business clock). */
  now?: () => Date;
}

/** A receiver of a virtual account as Razorpay returns it (the fields read here). */
interface RazorpayReceiver {
  id: string;
  entity: string;
  account_number?: string;
  ifsc?: string;
  name?: string;
  address?: string;
}

/** A virtual account ("Customer Identifier") as Razorpay returns it. */
export interface RazorpayVirtualAccountEntity {
  id: string;
  entity: 'virtual_account';
  status: string;
  description?: string | null;
  /** An object; Razorpay sends `[]` when there are no notes. */
  notes?: Record<string, string> | unknown[] | null;
  customer_id?: string | null;
  receivers: RazorpayReceiver[];
  close_by?: number | null;
  closed_at?: number | null;
  created_at: number;
}

/** A payment as `GET /v1/payments` returns it (the fields read here). */
export interface RazorpayPaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: string;
  method: string;
  created_at: number;
}

/** `GET /v1/payments/:id/bank_transfer` or `/upi_transfer`: where the money came in. */
export interface RazorpayTransferEntity {
  id: string;
  entity: 'bank_transfer' | 'upi_transfer';
  payment_id: string;
  amount: number;
  virtual_account_id: string;
  virtual_account?: RazorpayVirtualAccountEntity | null;
}

/** The bank account of a virtual account (the number our rows and credits are keyed by). */
export function bankReceiverOf<R extends { entity: string }>(entity: { receivers?: R[] }) {
  return entity.receivers?.find((receiver) => receiver.entity === 'bank_account');
}

/** Our customer id, kept in the account's notes so a lost reply can be found again. */
function customerIdNoteOf(entity: RazorpayVirtualAccountEntity): string | undefined {
  const notes = entity.notes;
  if (!notes || Array.isArray(notes)) return undefined;
  return notes.customer_id;
}

function accountOf(entity: RazorpayVirtualAccountEntity): GatewayVirtualAccount {
  const bank = bankReceiverOf(entity);
  const vpa = entity.receivers.find((receiver) => receiver.entity === 'vpa');
  // Both receivers are asked for; an account without a UPI id means Smart Collect 2.0 (VPA
  // receivers) is not enabled on the Razorpay account — a setup fault, not a borrower's.
  if (!bank?.account_number || !bank.ifsc || !vpa?.address) {
    throw new CollectionGatewayRejected(
      `Razorpay Smart Collect: account ${entity.id} lacks a bank account or UPI receiver`,
    );
  }
  return {
    providerAccountId: entity.id,
    accountNumber: bank.account_number,
    ifsc: bank.ifsc,
    upiId: vpa.address,
  };
}

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * Razorpay Smart Collect, following its published API: a virtual account per customer with a
 * bank account and a UPI id (`POST /v1/virtual_accounts`, receivers `bank_account` and `vpa`,
 * our customer id in `notes.customer_id`), `GET /v1/virtual_accounts/:id`, closing with
 * `POST /v1/virtual_accounts/:id/close`, and the statement from the payments list. Basic auth
 * with the key id and secret. Timeouts, network errors, 429 and 5xx → CollectionGatewayUnavailable
 * (retry); other 4xx → CollectionGatewayRejected with Razorpay's error description.
 */
export function createRazorpaySmartCollectGateway(
  options: RazorpaySmartCollectOptions,
): CollectionGateway {
  const api = createRazorpayApi(options, 'Razorpay Smart Collect');
  const now = options.now ?? (() => new Date());
  const lookbackMs = (options.lookbackHours ?? 24) * 3_600_000;
  const lookbackPages = options.lookbackPages ?? 10;

  /** Razorpay's failure reading → the collection port's errors; "no such entity" → undefined. */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    try {
      return await api<T>(method, path, body);
    } catch (error) {
      if (!(error instanceof RazorpayApiError)) throw error;
      if (error.failure === 'notFound') return undefined;
      if (error.failure === 'unavailable') throw new CollectionGatewayUnavailable(error.message);
      throw new CollectionGatewayRejected(error.message);
    }
  }
  async function mustCall<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    const result = await call<T>(method, path, body);
    if (result === undefined) {
      throw new CollectionGatewayRejected(`Razorpay Smart Collect: ${path} does not exist`);
    }
    return result;
  }

  /** Best effort: an account left open takes no money while nobody knows its number. */
  async function closeQuietly(id: string) {
    await call('POST', `/v1/virtual_accounts/${encodeURIComponent(id)}/close`).catch(
      () => undefined,
    );
  }

  /**
   * Razorpay has no idempotency key for virtual accounts and cannot filter them by notes, so
   * before creating one we read the accounts created lately (newest first) for an active one
   * noted with this customer: made by an earlier attempt whose reply was lost, or by a race.
   * The oldest is kept (every caller picks the same); any other is closed.
   */
  async function findRecentAccountOf(customerId: number) {
    const from = unixSeconds(new Date(now().getTime() - lookbackMs));
    const found: RazorpayVirtualAccountEntity[] = [];
    for (let page = 0; page < lookbackPages; page += 1) {
      const list = await mustCall<{ items: RazorpayVirtualAccountEntity[] }>(
        'GET',
        `/v1/virtual_accounts?from=${from}&count=${PAGE_SIZE}&skip=${page * PAGE_SIZE}`,
      );
      found.push(
        ...list.items.filter(
          (entity) => entity.status === 'active' && customerIdNoteOf(entity) === String(customerId),
        ),
      );
      if (list.items.length < PAGE_SIZE) break;
    }
    found.sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
    const [kept, ...extra] = found;
    for (const entity of extra) await closeQuietly(entity.id);
    return kept;
  }

  /** Where a payment came in: its transfer names the virtual account (the payment does not). */
  async function transferOf(payment: RazorpayPaymentEntity) {
    const kind = payment.method === 'upi' ? 'upi_transfer' : 'bank_transfer';
    // A UPI payment that did not come through a virtual account (checkout) has no transfer.
    return call<RazorpayTransferEntity>(
      'GET',
      `/v1/payments/${encodeURIComponent(payment.id)}/${kind}`,
    );
  }

  return {
    provider: RAZORPAY_SMART_COLLECT_PROVIDER,
    async createVirtualAccount({ customerId }) {
      const existing = await findRecentAccountOf(customerId);
      if (existing) return accountOf(existing);
      // The borrower's name stays with us: the account is shown under the merchant's name,
      // and notes carry only our id (no personal data at the gateway beyond what it needs).
      const created = await mustCall<RazorpayVirtualAccountEntity>('POST', '/v1/virtual_accounts', {
        receivers: { types: ['bank_account', 'vpa'] },
        description: `Loan repayments, customer ${customerId}`,
        notes: { customer_id: String(customerId) },
      });
      return accountOf(created);
    },
    async getVirtualAccount(providerAccountId) {
      const entity = await call<RazorpayVirtualAccountEntity>(
        'GET',
        `/v1/virtual_accounts/${encodeURIComponent(providerAccountId)}`,
      );
      return entity ? accountOf(entity) : undefined;
    },
    async closeVirtualAccount(providerAccountId) {
      await call('POST', `/v1/virtual_accounts/${encodeURIComponent(providerAccountId)}/close`);
    },
    /**
     * All payments of the period (`GET /v1/payments?from&to`, paged by 100) narrowed to
     * bank transfers and UPI that were captured, each looked up by its transfer for the
     * virtual account it came to: one call per page plus one per credit. The alternative,
     * `GET /v1/virtual_accounts/:id/payments`, costs a call per account whether or not it was
     * paid — thousands of customers for a day's few hundred credits.
     */
    async statementOfCredits({ from, to }) {
      const credits = new Map<string, StatementCredit>();
      const accountNumbers = new Map<string, string>();
      // Razorpay's bounds are whole seconds; the exact [from, to) is applied below.
      const range = `from=${unixSeconds(from)}&to=${Math.ceil(to.getTime() / 1000)}`;
      for (let page = 0; ; page += 1) {
        if (page === MAX_STATEMENT_PAGES) {
          throw new CollectionGatewayRejected(
            'Razorpay Smart Collect: statement too long, ask for a shorter period',
          );
        }
        const list = await mustCall<{ items: RazorpayPaymentEntity[] }>(
          'GET',
          `/v1/payments?${range}&count=${PAGE_SIZE}&skip=${page * PAGE_SIZE}`,
        );
        for (const payment of list.items) {
          const creditedAt = new Date(payment.created_at * 1000);
          const method = payment.method;
          if (method !== 'bank_transfer' && method !== 'upi') continue;
          // A refunded credit was still received; the refund is its own movement.
          if (payment.status !== 'captured' && payment.status !== 'refunded') continue;
          // Pages may shift while new payments arrive: one entry per payment id.
          if (credits.has(payment.id) || creditedAt < from || creditedAt >= to) continue;
          const transfer = await transferOf(payment);
          if (!transfer?.virtual_account_id) continue;
          const vaId = transfer.virtual_account_id;
          let accountNumber = accountNumbers.get(vaId);
          if (!accountNumber) {
            const entity =
              transfer.virtual_account ??
              (await call<RazorpayVirtualAccountEntity>(
                'GET',
                `/v1/virtual_accounts/${encodeURIComponent(vaId)}`,
              ));
            accountNumber = (entity && bankReceiverOf(entity)?.account_number) || vaId;
            accountNumbers.set(vaId, accountNumber);
          }
          credits.set(payment.id, {
            paymentId: payment.id,
            accountNumber,
            method,
            amountPaise: BigInt(payment.amount),
            creditedAt,
          });
        }
        if (list.items.length < PAGE_SIZE) break;
      }
      return [...credits.values()].sort((a, b) => a.creditedAt.getTime() - b.creditedAt.getTime());
    },
  };
}
