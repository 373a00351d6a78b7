import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  razorpayBadRequest as badRequest,
  razorpayNotFound,
  sendJson as send,
  startFakeRazorpayServer,
  type FakeRazorpayFaults,
} from '../razorpay/fake-razorpay-server.js';
import { razorpaySignature } from '../razorpay/razorpay-signature.js';
import type { RazorpayPayoutEntity } from './razorpayx-payouts.js';

/**
 * A local fake of the RazorpayX API for tests (127.0.0.1, a random port): payouts with
 * `X-Payout-Idempotency`, lookups by id and reference, balances, fund account validations,
 * basic auth, RazorpayX's error shape, and signed `payout.*` webhooks sent when a test moves a
 * payout along. `dropNextReply` makes the next create succeed but lose its reply (a timeout).
 */
export async function startFakeRazorpayX(options: {
  keyId: string;
  keySecret: string;
  accountNumber: string;
  webhookSecret: string;
  /** Where webhooks go (a test delivers them to the app). */
  deliver: (body: string, headers: Record<string, string>) => Promise<number>;
  balancePaise?: number;
  /** How long a create takes to answer (the payout exists at once, as at a real gateway). */
  replyDelayMs?: number;
  /** The fake's clock for created_at and processed_at (a test's clock); the real time otherwise. */
  now?: () => Date;
}) {
  const unixNow = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const payouts = new Map<string, RazorpayPayoutEntity>();
  const idempotency = new Map<string, { hash: string; payoutId: string }>();
  let seq = 0;
  let eventSeq = 0;
  let balance = options.balancePaise ?? 500_000_000;
  const state: FakeRazorpayFaults & { dropNextReply: boolean } = {
    dropNextReply: false,
    failNextWith500: false,
  };

  function createPayout(
    body: Record<string, unknown>,
    key: string | undefined,
    response: ServerResponse,
  ) {
    if (!key) return badRequest(response, 'X-Payout-Idempotency header is required');
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const seen = idempotency.get(key);
    if (seen) {
      if (seen.hash !== hash) {
        return badRequest(response, 'Different request body sent for the same Idempotency Header');
      }
      return send(response, 200, payouts.get(seen.payoutId));
    }
    const fund = body.fund_account as
      | {
          account_type?: string;
          bank_account?: { name?: string; ifsc?: string; account_number?: string };
        }
      | undefined;
    if (body.account_number !== options.accountNumber) {
      return badRequest(response, 'The account number is invalid', 'account_number');
    }
    if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
      return badRequest(response, 'The amount must be at least INR 1.00', 'amount');
    }
    if (body.currency !== 'INR') return badRequest(response, 'Currency must be INR', 'currency');
    if (!['IMPS', 'NEFT', 'RTGS', 'UPI'].includes(String(body.mode))) {
      return badRequest(response, 'The mode is invalid', 'mode');
    }
    if (
      fund?.account_type !== 'bank_account' ||
      !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(fund.bank_account?.ifsc ?? '') ||
      !fund.bank_account?.account_number ||
      !fund.bank_account.name
    ) {
      return badRequest(response, 'The fund account details are invalid', 'fund_account');
    }
    if (typeof body.reference_id === 'string' && body.reference_id.length > 40) {
      return badRequest(response, 'reference_id may have at most 40 characters', 'reference_id');
    }
    seq += 1;
    const entity: RazorpayPayoutEntity = {
      id: `pout_${String(seq).padStart(14, '0')}`,
      entity: 'payout',
      amount: body.amount as number,
      currency: 'INR',
      status: 'queued',
      utr: null,
      mode: String(body.mode),
      purpose: String(body.purpose),
      reference_id: (body.reference_id as string | undefined) ?? null,
      status_details: null,
      created_at: unixNow(),
    };
    payouts.set(entity.id, entity);
    idempotency.set(key, { hash, payoutId: entity.id });
    balance -= entity.amount;
    if (state.dropNextReply) {
      state.dropNextReply = false;
      response.socket?.destroy(); // created, but the caller never hears of it
      return;
    }
    if (options.replyDelayMs) setTimeout(() => send(response, 200, entity), options.replyDelayMs);
    else send(response, 200, entity);
  }

  /**
   * RazorpayX's "fetch all payouts": the account's payouts, newest first, optionally by
   * reference and by creation time (`from`, `to`: unix seconds, both inclusive), `count`
   * (default 10, at most 100) from `skip`.
   */
  function listPayouts(query: URLSearchParams, response: ServerResponse) {
    const account = query.get('account_number');
    if (account !== null && account !== options.accountNumber) {
      return badRequest(response, 'The account number is invalid', 'account_number');
    }
    const count = Number(query.get('count') ?? 10);
    const skip = Number(query.get('skip') ?? 0);
    if (!Number.isInteger(count) || count < 1 || count > 100) {
      return badRequest(response, 'count must be between 1 and 100', 'count');
    }
    if (!Number.isInteger(skip) || skip < 0) return badRequest(response, 'skip is invalid', 'skip');
    const reference = query.get('reference_id');
    const from = query.has('from') ? Number(query.get('from')) : -Infinity;
    const to = query.has('to') ? Number(query.get('to')) : Infinity;
    const items = [...payouts.values()]
      .filter(
        (p) =>
          (!reference || p.reference_id === reference) &&
          p.created_at >= from &&
          p.created_at <= to,
      )
      .reverse()
      .slice(skip, skip + count);
    return send(response, 200, { entity: 'collection', count: items.length, items });
  }

  function route(
    request: IncomingMessage,
    url: URL,
    body: Record<string, unknown>,
    response: ServerResponse,
  ) {
    const byId = /^\/v1\/payouts\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/payouts') {
      const key = request.headers['x-payout-idempotency'];
      return createPayout(body, Array.isArray(key) ? key[0] : key, response);
    }
    if (request.method === 'GET' && byId) {
      const entity = payouts.get(decodeURIComponent(byId[1]!));
      return entity ? send(response, 200, entity) : razorpayNotFound(response);
    }
    if (request.method === 'GET' && url.pathname === '/v1/payouts') {
      return listPayouts(url.searchParams, response);
    }
    if (request.method === 'GET' && url.pathname === '/v1/banking_balances') {
      return send(response, 200, {
        entity: 'collection',
        count: 1,
        items: [
          {
            entity: 'banking_balance',
            currency: 'INR',
            account_number: options.accountNumber,
            account_type: 'current_account',
            amount: balance,
            available_amount: balance,
          },
        ],
      });
    }
    if (request.method === 'POST' && url.pathname === '/v1/fund_accounts/validations') {
      const account = (
        body.fund_account as { bank_account?: { account_number?: string; name?: string } }
      )?.bank_account;
      const active = !String(account?.account_number ?? '').endsWith('0000');
      seq += 1;
      return send(response, 200, {
        id: `fav_${String(seq).padStart(14, '0')}`,
        entity: 'fund_account.validation',
        status: 'completed',
        amount: 100,
        currency: 'INR',
        results: {
          account_status: active ? 'active' : 'invalid',
          registered_name: active ? account?.name : null,
        },
      });
    }
    send(response, 404, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The requested URL was not found on the server.',
      },
    });
  }
  const server = await startFakeRazorpayServer({
    keyId: options.keyId,
    keySecret: options.keySecret,
    faults: state,
    route,
  });

  /** Moves a payout along and sends its signed webhook; returns the event's body and id. */
  async function advance(
    id: string,
    status: 'processing' | 'processed' | 'failed' | 'reversed',
    options2: { deliver?: boolean } = {},
  ) {
    const entity = payouts.get(id);
    if (!entity) throw new Error(`no payout ${id}`);
    entity.status = status;
    if (status === 'processed') {
      entity.utr = `UTRX${id.slice(-8)}`;
      entity.processed_at = unixNow();
    }
    if (status === 'failed')
      entity.status_details = {
        description: 'Beneficiary bank is offline',
        reason: 'beneficiary_bank_offline',
      };
    if (status === 'reversed')
      entity.status_details = {
        description: 'Payout reversed by the beneficiary bank',
        reason: 'reversed',
      };
    eventSeq += 1;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_fake0000000001',
      event: `payout.${status}`,
      contains: ['payout'],
      payload: { payout: { entity: { ...entity } } },
      created_at: unixNow(),
    });
    const headers = {
      'x-razorpay-signature': razorpaySignature(options.webhookSecret, body),
      'x-razorpay-event-id': `evt_fake_${eventSeq}`,
    };
    const status2 = options2.deliver === false ? 0 : await options.deliver(body, headers);
    return { body, headers, status: status2 };
  }

  return {
    url: server.url,
    payouts,
    requests: server.requests,
    state,
    advance,
    close: server.close,
  };
}

export type FakeRazorpayX = Awaited<ReturnType<typeof startFakeRazorpayX>>;
