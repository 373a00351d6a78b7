import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  razorpayBadRequest as badRequest,
  razorpayNotFound as notFound,
  sendJson as send,
  startFakeRazorpayServer,
  type FakeRazorpayFaults,
} from '../razorpay/fake-razorpay-server.js';
import { razorpaySignature } from '../razorpay/razorpay-signature.js';
import type {
  RazorpayPaymentEntity,
  RazorpayTransferEntity,
  RazorpayVirtualAccountEntity,
} from './razorpay-smart-collect.js';

/** Razorpay-style ids: a prefix and 14 characters. */
const idOf = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface StoredPayment {
  payment: RazorpayPaymentEntity;
  transfer?: RazorpayTransferEntity & { bank_reference?: string; npci_reference_id?: string };
}

/**
 * A local fake of Razorpay Smart Collect for tests (127.0.0.1, a random port): basic auth;
 * virtual accounts with bank account and UPI receivers (create, fetch, list newest first with
 * `from`/`to`/`count`/`skip`, close); the payments list and each payment's bank or UPI
 * transfer; Razorpay's error shape. `credit` plays a borrower paying in: it makes the payment
 * and sends the signed `virtual_account.credited` webhook to `webhookUrl`, once or twice.
 * Faults: `dropNextReply` (the next account is created but its reply is lost),
 * `failNextWith500`, `rejectNextWith` (the next call answers 400 with that description).
 */
export async function startFakeRazorpaySmartCollect(options: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where `credit` posts its webhooks (the server under test). */
  webhookUrl?: string;
}) {
  const accounts = new Map<string, RazorpayVirtualAccountEntity>();
  const payments = new Map<string, StoredPayment>();
  const state: FakeRazorpayFaults & { dropNextReply: boolean; webhookUrl: string | undefined } = {
    dropNextReply: false,
    failNextWith500: false,
    rejectNextWith: undefined,
    webhookUrl: options.webhookUrl,
  };
  let accountSeq = 0;
  let eventSeq = 0;

  /** `from`/`to` (unix seconds, inclusive), `count` ≤ 100, `skip`; newest first. */
  function page<T extends { created_at: number }>(
    items: T[],
    url: URL,
    response: ServerResponse,
  ): void {
    const count = Number(url.searchParams.get('count') ?? 10);
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const from = Number(url.searchParams.get('from') ?? 0);
    const to = Number(url.searchParams.get('to') ?? Number.MAX_SAFE_INTEGER);
    if (!Number.isInteger(count) || count < 1 || count > 100) {
      return badRequest(response, 'The count may not be greater than 100.', 'count');
    }
    const selected = items
      .filter((item) => item.created_at >= from && item.created_at <= to)
      .reverse() // stored oldest first
      .slice(skip, skip + count);
    send(response, 200, { entity: 'collection', count: selected.length, items: selected });
  }

  function createAccount(body: Record<string, unknown>, response: ServerResponse) {
    const types = (body.receivers as { types?: unknown } | undefined)?.types;
    if (!Array.isArray(types) || types.length === 0) {
      return badRequest(response, 'The receivers.types field is required.', 'receivers');
    }
    if (types.some((type) => !['bank_account', 'vpa', 'qr_code'].includes(String(type)))) {
      return badRequest(response, 'Invalid receiver type', 'receivers');
    }
    if (!types.includes('bank_account')) {
      return badRequest(response, 'A bank account receiver is required', 'receivers');
    }
    const notes = body.notes ?? {};
    if (
      typeof notes !== 'object' ||
      Array.isArray(notes) ||
      Object.keys(notes).length > 15 ||
      Object.values(notes).some((value) => String(value).length > 256)
    ) {
      return badRequest(response, 'Notes can have at most 15 keys of 256 characters', 'notes');
    }
    accountSeq += 1;
    const digits = String(accountSeq).padStart(9, '0');
    const entity: RazorpayVirtualAccountEntity = {
      id: idOf('va'),
      entity: 'virtual_account',
      status: 'active',
      description: typeof body.description === 'string' ? body.description : null,
      notes: notes as Record<string, string>,
      customer_id: typeof body.customer_id === 'string' ? body.customer_id : null,
      receivers: [
        {
          id: idOf('ba'),
          entity: 'bank_account',
          ifsc: 'RATN0VAAPIS',
          name: 'Lending Console',
          account_number: `2223330${digits}`,
        },
        ...(types.includes('vpa')
          ? [{ id: idOf('vpa'), entity: 'vpa', address: `rpy.payto00000${digits}@icici` }]
          : []),
      ],
      close_by: null,
      closed_at: null,
      created_at: nowSeconds(),
    };
    accounts.set(entity.id, entity);
    if (state.dropNextReply) {
      state.dropNextReply = false;
      response.socket?.destroy(); // created, but the caller never hears of it
      return;
    }
    send(response, 200, entity);
  }

  function route(
    request: IncomingMessage,
    url: URL,
    body: Record<string, unknown>,
    response: ServerResponse,
  ) {
    const method = request.method;
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/virtual_accounts') return createAccount(body, response);
    if (method === 'GET' && path === '/v1/virtual_accounts') {
      return page([...accounts.values()], url, response);
    }
    const account = /^\/v1\/virtual_accounts\/([^/]+)(\/close)?$/.exec(path);
    if (account) {
      const entity = accounts.get(decodeURIComponent(account[1]!));
      if (!entity) return notFound(response);
      if (method === 'GET' && !account[2]) return send(response, 200, entity);
      if (method === 'POST' && account[2]) {
        entity.status = 'closed';
        entity.closed_at = nowSeconds();
        return send(response, 200, entity);
      }
    }
    if (method === 'GET' && path === '/v1/payments') {
      return page(
        [...payments.values()].map((stored) => stored.payment),
        url,
        response,
      );
    }
    const transfer = /^\/v1\/payments\/([^/]+)\/(bank_transfer|upi_transfer)$/.exec(path);
    if (method === 'GET' && transfer) {
      const stored = payments.get(decodeURIComponent(transfer[1]!));
      if (!stored?.transfer || stored.transfer.entity !== transfer[2]) return notFound(response);
      const va = accounts.get(stored.transfer.virtual_account_id);
      return send(response, 200, { ...stored.transfer, virtual_account: va ?? null });
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

  const newPayment = (method: string, amountPaise: number): RazorpayPaymentEntity => ({
    id: idOf('pay'),
    entity: 'payment',
    amount: amountPaise,
    currency: 'INR',
    status: 'captured',
    method,
    created_at: nowSeconds(),
  });

  /** Records a payment that did not come through a virtual account (checkout, cards). */
  function checkoutPayment(method: 'card' | 'upi', amountPaise: number) {
    const payment = newPayment(method, amountPaise);
    payments.set(payment.id, { payment });
    return payment;
  }

  /**
   * A borrower pays into a virtual account: the payment, its transfer, and the signed
   * `virtual_account.credited` webhook POSTed to the server (`times: 2` delivers it twice, as
   * Razorpay may); `deliver: false` only returns it. Closed accounts refuse money.
   */
  async function credit(
    virtualAccountId: string,
    input: {
      amountPaise: number;
      method?: 'bank_transfer' | 'upi';
      times?: 1 | 2;
      deliver?: boolean;
    },
  ) {
    const account = accounts.get(virtualAccountId);
    if (!account || account.status !== 'active') throw new Error(`no active ${virtualAccountId}`);
    const method = input.method ?? 'bank_transfer';
    const payment = newPayment(method, input.amountPaise);
    const reference = String(Date.now()).slice(-12);
    const transfer: StoredPayment['transfer'] =
      method === 'upi'
        ? {
            id: idOf('ut'),
            entity: 'upi_transfer',
            payment_id: payment.id,
            amount: payment.amount,
            virtual_account_id: account.id,
            npci_reference_id: reference,
          }
        : {
            id: idOf('bt'),
            entity: 'bank_transfer',
            payment_id: payment.id,
            amount: payment.amount,
            virtual_account_id: account.id,
            bank_reference: reference,
          };
    payments.set(payment.id, { payment, transfer });
    eventSeq += 1;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_fake0000000001',
      event: 'virtual_account.credited',
      contains: ['payment', 'virtual_account', transfer.entity],
      payload: {
        payment: { entity: payment },
        virtual_account: { entity: account },
        [transfer.entity]: { entity: transfer },
      },
      created_at: payment.created_at,
    });
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': razorpaySignature(options.webhookSecret, body),
      'x-razorpay-event-id': `evt_fake_${String(eventSeq).padStart(10, '0')}`,
    };
    const statuses: number[] = [];
    if (input.deliver !== false) {
      if (!state.webhookUrl) throw new Error('no webhookUrl to deliver to');
      for (let copy = 0; copy < (input.times ?? 1); copy += 1) {
        const response = await fetch(state.webhookUrl, { method: 'POST', body, headers });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    }
    return { paymentId: payment.id, payment, body, headers, statuses };
  }

  return {
    url: server.url,
    accounts,
    payments,
    requests: server.requests,
    state,
    credit,
    checkoutPayment,
    /** The active accounts noted with one of our customer ids. */
    activeAccountsOf: (customerId: number) =>
      [...accounts.values()].filter(
        (entity) =>
          entity.status === 'active' &&
          !Array.isArray(entity.notes) &&
          entity.notes?.customer_id === String(customerId),
      ),
    close: server.close,
  };
}

export type FakeRazorpaySmartCollect = Awaited<ReturnType<typeof startFakeRazorpaySmartCollect>>;
