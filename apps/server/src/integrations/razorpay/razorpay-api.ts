/**
 * The HTTP side shared by the Razorpay adapters (RazorpayX payouts, Smart Collect): basic
 * auth with the key id and secret, JSON in and out, a timeout, and one reading of failures
 * that each adapter turns into its own port's errors. The reading matters for money: only
 * `unavailable` means "it may have happened"; the others mean Razorpay did nothing.
 */
export type RazorpayFailure =
  /** Timeout, network error, 408, 429, 5xx, a reply that is not JSON: the call may have had its effect. */
  | 'unavailable'
  /** 404, or Razorpay's 400 "The id provided does not exist": no such entity. */
  | 'notFound'
  /** Any other 4xx: refused as such (validation, credentials, a feature not enabled). */
  | 'rejected';

export class RazorpayApiError extends Error {
  override name = 'RazorpayApiError';
  constructor(
    readonly failure: RazorpayFailure,
    message: string,
    /** Razorpay's `error.description` on a 4xx (what the adapters show). */
    readonly description?: string,
  ) {
    super(message);
  }
}

export interface RazorpayApiOptions {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type RazorpayCall = <T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

/** `label` names the product in error messages ("RazorpayX", "Razorpay Smart Collect"). */
export function createRazorpayApi(options: RazorpayApiOptions, label: string): RazorpayCall {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  return async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const unavailable = (why: string) =>
      new RazorpayApiError('unavailable', `${label} ${method} ${path}: ${why}`);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      text = await response.text();
    } catch (error) {
      throw unavailable(error instanceof Error ? error.message : String(error));
    }
    if (response.status >= 500 || response.status === 429 || response.status === 408) {
      throw unavailable(`HTTP ${response.status}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw unavailable('not JSON');
    }
    if (response.status >= 400) {
      const description =
        (json as { error?: { description?: string } } | null)?.error?.description ??
        `HTTP ${response.status}`;
      const failure =
        response.status === 404 || /does not exist/i.test(description) ? 'notFound' : 'rejected';
      throw new RazorpayApiError(failure, `${label}: ${description}`, description);
    }
    return json as T;
  };
}
