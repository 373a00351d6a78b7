import {
  createRazorpayApi,
  RazorpayApiError,
  type RazorpayApiOptions,
} from '../razorpay/razorpay-api.js';
import {
  PayoutGatewayRejected,
  PayoutGatewayUnavailable,
  type GatewayPayout,
  type GatewayPayoutStatus,
  type PayoutGateway,
} from './payout-gateway.js';

export const RAZORPAYX_WEBHOOK_PATH = '/webhooks/payouts/razorpayx';

export interface RazorpayXOptions extends RazorpayApiOptions {
  /** The RazorpayX account (current account or Lite) payouts are debited from. */
  accountNumber: string;
  mode: 'IMPS' | 'NEFT';
}

/** A payout entity as RazorpayX returns it (the fields this adapter reads). */
export interface RazorpayPayoutEntity {
  id: string;
  entity: 'payout';
  amount: number;
  currency: string;
  status: string;
  utr: string | null;
  mode: string;
  purpose: string;
  reference_id: string | null;
  status_details?: { description?: string | null; reason?: string | null } | null;
  created_at: number;
  /** Set by some accounts when processed; otherwise the event's time is used. */
  processed_at?: number | null;
}

/** RazorpayX lists at most 100 payouts a call; `skip` pages on. */
const STATEMENT_PAGE_SIZE = 100;
/** A day of 100,000 payouts; a longer statement is refused rather than read for minutes. */
const MAX_STATEMENT_PAGES = 1_000;
/**
 * The list filters by creation time, the statement by processing time: a payout created up to
 * this long before the period (queued for a low balance over a weekend, NEFT in batches) is
 * still found when it was processed within it.
 */
export const STATEMENT_LOOKBACK_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * RazorpayX statuses → ours: queued/pending/scheduled wait (queued), processing, processed,
 * reversed; rejected, cancelled and failed all mean no money moved (failed).
 */
export function statusOfRazorpay(status: string): GatewayPayoutStatus {
  switch (status) {
    case 'processed':
      return 'processed';
    case 'reversed':
      return 'reversed';
    case 'processing':
      return 'processing';
    case 'failed':
    case 'rejected':
    case 'cancelled':
      return 'failed';
    default:
      return 'queued';
  }
}

export function payoutOfRazorpay(entity: RazorpayPayoutEntity, at?: Date): GatewayPayout {
  const status = statusOfRazorpay(entity.status);
  const processedAt = entity.processed_at != null ? new Date(entity.processed_at * 1000) : at;
  return {
    gatewayPayoutId: entity.id,
    reference: entity.reference_id ?? '',
    status,
    amountPaise: BigInt(entity.amount),
    utr: entity.utr ?? undefined,
    processedAt: status === 'processed' ? processedAt : undefined,
    failureReason:
      status === 'failed' || status === 'reversed'
        ? (entity.status_details?.description ?? entity.status_details?.reason ?? entity.status)
        : undefined,
  };
}

/**
 * The RazorpayX payouts adapter, following its published API: `POST /v1/payouts` with a
 * fund account (bank account + contact), amount in paise, INR, IMPS/NEFT, purpose `payout`,
 * our reference as `reference_id` and the idempotency key in `X-Payout-Idempotency`;
 * `GET /v1/payouts/:id` and `GET /v1/payouts?reference_id=` to look one up;
 * `GET /v1/payouts?from&to&count&skip` for the statement of a period;
 * `GET /v1/banking_balances`; fund account validation (penny drop). Basic auth with the key
 * id and secret. Timeouts, network errors and 5xx are "unknown" (the payout may exist); 4xx
 * are refusals (nothing was created).
 */
export function createRazorpayXGateway(options: RazorpayXOptions): PayoutGateway {
  const api = createRazorpayApi(options, 'RazorpayX');
  /** Razorpay's failure reading → the payout port's errors (unknown vs refused). */
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T> {
    try {
      return await api<T>(method, path, body, headers);
    } catch (error) {
      if (!(error instanceof RazorpayApiError)) throw error;
      if (error.failure === 'unavailable') throw new PayoutGatewayUnavailable(error.message);
      if (error.failure === 'notFound') throw new NotFound(error.message);
      throw new PayoutGatewayRejected(error.message);
    }
  }

  const bankAccount = (beneficiary: { name: string; accountNumber: string; ifsc: string }) => ({
    account_type: 'bank_account',
    bank_account: {
      name: beneficiary.name,
      ifsc: beneficiary.ifsc,
      account_number: beneficiary.accountNumber,
    },
  });

  return {
    provider: 'razorpayx',
    async createPayout(request) {
      const entity = await call<RazorpayPayoutEntity>(
        'POST',
        '/v1/payouts',
        {
          account_number: options.accountNumber,
          fund_account: {
            ...bankAccount(request.beneficiary),
            contact: {
              name: request.beneficiary.name,
              type: 'customer',
              reference_id: request.reference,
            },
          },
          amount: Number(request.amountPaise),
          currency: 'INR',
          mode: request.mode ?? options.mode,
          purpose: request.purpose === 'refund' ? 'refund' : 'payout',
          queue_if_low_balance: true,
          reference_id: request.reference,
          narration:
            request.purpose === 'refund'
              ? 'Loan refund'
              : request.purpose === 'reward'
                ? 'Reward withdrawal'
                : 'Loan disbursal',
        },
        { 'X-Payout-Idempotency': request.idempotencyKey },
      );
      return payoutOfRazorpay(entity);
    },
    async fetchStatus({ gatewayPayoutId, reference }) {
      try {
        if (gatewayPayoutId) {
          return payoutOfRazorpay(
            await call<RazorpayPayoutEntity>(
              'GET',
              `/v1/payouts/${encodeURIComponent(gatewayPayoutId)}`,
            ),
          );
        }
        if (!reference) return undefined;
        const list = await call<{ items: RazorpayPayoutEntity[] }>(
          'GET',
          `/v1/payouts?account_number=${encodeURIComponent(options.accountNumber)}&reference_id=${encodeURIComponent(reference)}`,
        );
        const [entity] = list.items;
        return entity ? payoutOfRazorpay(entity) : undefined;
      } catch (error) {
        if (error instanceof NotFound) return undefined;
        throw error;
      }
    },
    async statementOfPayouts({ from, to }) {
      const found = new Map<string, GatewayPayout>();
      // Razorpay's bounds are whole seconds on created_at; the exact [from, to) of the
      // processing time is applied below.
      const range =
        `from=${Math.floor((from.getTime() - STATEMENT_LOOKBACK_MS) / 1000)}` +
        `&to=${Math.ceil(to.getTime() / 1000)}`;
      for (let page = 0; ; page += 1) {
        if (page === MAX_STATEMENT_PAGES) {
          throw new PayoutGatewayRejected(
            'RazorpayX: statement too long, ask for a shorter period',
          );
        }
        const list = await call<{ items: RazorpayPayoutEntity[] }>(
          'GET',
          `/v1/payouts?account_number=${encodeURIComponent(options.accountNumber)}&${range}` +
            `&count=${STATEMENT_PAGE_SIZE}&skip=${page * STATEMENT_PAGE_SIZE}`,
        );
        for (const entity of list.items) {
          const status = statusOfRazorpay(entity.status);
          if (status !== 'processed' && status !== 'reversed') continue;
          // Without processed_at (not every account has it) the creation time stands in.
          const processedAt = new Date((entity.processed_at ?? entity.created_at) * 1000);
          // Pages may shift while new payouts are made: one entry per payout id.
          if (processedAt < from || processedAt >= to || found.has(entity.id)) continue;
          found.set(entity.id, { ...payoutOfRazorpay(entity), processedAt });
        }
        if (list.items.length < STATEMENT_PAGE_SIZE) break;
      }
      return [...found.values()];
    },
    async balance() {
      const list = await call<{
        items: { account_number: string; available_amount?: number; amount: number }[];
      }>('GET', '/v1/banking_balances');
      const account = list.items.find((item) => item.account_number === options.accountNumber);
      return BigInt(account?.available_amount ?? account?.amount ?? 0);
    },
    async verifyBankAccount(beneficiary) {
      type Validation = {
        id: string;
        status: string;
        results?: { account_status?: string | null; registered_name?: string | null };
      };
      let validation = await call<Validation>('POST', '/v1/fund_accounts/validations', {
        account_number: options.accountNumber,
        fund_account: {
          ...bankAccount(beneficiary),
          contact: { name: beneficiary.name, type: 'customer' },
        },
        amount: 100,
        currency: 'INR',
      });
      // Validation completes asynchronously; look again a few times before giving up for now.
      for (let attempt = 0; attempt < 3 && validation.status === 'created'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
        validation = await call<Validation>(
          'GET',
          `/v1/fund_accounts/validations/${encodeURIComponent(validation.id)}`,
        );
      }
      if (validation.status === 'created') {
        throw new PayoutGatewayUnavailable(`validation ${validation.id} still pending`);
      }
      const verified =
        validation.status === 'completed' && validation.results?.account_status === 'active';
      return {
        verified,
        reference: validation.id,
        registeredName: validation.results?.registered_name ?? undefined,
      };
    },
  };
}

/** A refusal that means "no such payout" (a lookup answers undefined). */
class NotFound extends PayoutGatewayRejected {
  override name = 'NotFound';
}
