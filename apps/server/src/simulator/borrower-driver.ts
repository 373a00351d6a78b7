import { APP_API_BASE, APP_TOKEN_HEADER } from '@lending/contract';
import type { FastifyInstance } from 'fastify';

/** One borrower API call: path under /app-api, JSON body, optional session token. */
export type AppTransport = (
  path: string,
  body: unknown,
  options: { token?: string; address: string },
) => Promise<{ code: number; msg: string; ret?: unknown }>;

/** In-process through `app.inject`: what the demo book and the tests use. */
export function injectTransport(app: FastifyInstance): AppTransport {
  return async (path, body, { token, address }) => {
    const response = await app.inject({
      method: 'POST',
      url: `${APP_API_BASE}${path}`,
      payload: body as object,
      remoteAddress: address,
      headers: {
        'content-type': 'application/json',
        ...(token ? { [APP_TOKEN_HEADER]: token } : {}),
      },
    });
    return response.json();
  };
}

/** Over HTTP to a listening server (same calls, real sockets). */
export function httpTransport(baseUrl: string): AppTransport {
  const base = baseUrl.replace(/\/$/, '');
  return async (path, body, { token }) => {
    const response = await fetch(`${base}${APP_API_BASE}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        ...(token ? { [APP_TOKEN_HEADER]: token } : {}),
      },
    });
    return (await response.json()) as { code: number; msg: string; ret?: unknown };
  };
}

export class AppCallFailed extends Error {
  override name = 'AppCallFailed';
  constructor(
    readonly path: string,
    readonly code: number,
    message: string,
  ) {
    super(`${path}: ${code} ${message}`);
  }
}

/**
 * The borrower's side of the app, call by call, as the lender's mobile app makes them. The
 * OTP arrives by SMS: `readCode` reads it from the SMS sandbox's outbox (simulator mode).
 */
export function createBorrowerDriver(
  transport: AppTransport,
  readCode: (phone: string) => string | undefined,
) {
  async function call<T>(
    path: string,
    body: unknown,
    options: { token?: string; address: string },
  ) {
    const answer = await transport(path, body, options);
    if (answer.code !== 0) throw new AppCallFailed(path, answer.code, answer.msg);
    return answer.ret as T;
  }
  async function otp(phone: string, purpose: 'login' | 'loanAcceptance', address: string) {
    await call('/auth/send_otp', { phone, purpose }, { address });
    const code = readCode(phone);
    if (!code) throw new AppCallFailed('/auth/send_otp', -1, `no SMS reached ${phone}`);
    return code;
  }
  return {
    async signIn(phone: string, channel: string, address: string) {
      const code = await otp(phone, 'login', address);
      return call<{ token: string; borrowerId: number; profileComplete: boolean }>(
        '/auth/verify_otp',
        { phone, code, channel },
        { address },
      );
    },
    saveProfile: (token: string, address: string, profile: Record<string, unknown>) =>
      call('/profile/save', profile, { token, address }),
    saveBank: (token: string, address: string, bank: Record<string, unknown>) =>
      call('/bank/save', bank, { token, address }),
    products: (token: string, address: string) =>
      call<{
        kind: string;
        list: { productId: number; minPrincipalPaise: number; maxPrincipalPaise: number }[];
      }>('/loan/products', undefined, { token, address }),
    quote: (token: string, address: string, productId: number, principalPaise: number) =>
      call<{ netDisbursedPaise: number; dueAmountPaise: number }>(
        '/loan/quote',
        { productId, principalPaise },
        { token, address },
      ),
    async apply(
      token: string,
      address: string,
      phone: string,
      productId: number,
      principalPaise: number,
    ) {
      const otpCode = await otp(phone, 'loanAcceptance', address);
      return call<{ orderId: number; status: string }>(
        '/loan/apply',
        { productId, principalPaise, otpCode },
        { token, address },
      );
    },
    repayInstructions: (token: string, address: string, orderId: number) =>
      call<{ amountToClearTodayPaise: number; virtualAccount: { accountNumber: string } }>(
        '/repay/instructions',
        { orderId },
        { token, address },
      ),
    rolloverQuote: (token: string, address: string, orderId: number) =>
      call<{ available: boolean; totalPaise: number }>(
        '/loan/rollover_quote',
        { orderId },
        { token, address },
      ),
    requestRollover: (token: string, address: string, orderId: number) =>
      call<{ amountPaise: number; upiId: string }>(
        '/loan/rollover',
        { orderId },
        { token, address },
      ),
  };
}

export type BorrowerDriver = ReturnType<typeof createBorrowerDriver>;
