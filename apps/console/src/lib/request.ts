import {
  ADMIN_API_BASE,
  BUSINESS_ERROR_TOAST_MS,
  REQUEST_TIMEOUT_MS,
  SESSION_ENDED_CODE,
  TRANSPORT_ERROR_TOAST_MS,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointRet,
  type FieldError,
  type Language,
} from '@lending/contract';

export type RequestErrorKind = 'business' | 'transport' | 'cancelled';

export class RequestError extends Error {
  override name = 'RequestError';
  constructor(
    message: string,
    readonly kind: RequestErrorKind,
    readonly code?: number,
    readonly status?: number,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
  }
}

/** Every response body is `{code, msg, ret?}` (docs/product.md §7). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  ret?: T;
  errors?: FieldError[];
}

function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number'
  );
}

export interface RequestOptions {
  /** Aborting it cancels the request quietly (React Query passes one). */
  signal?: AbortSignal;
  /** The caller reports failures itself: no toast, no session dialog. */
  silent?: boolean;
  /** Added to the URL's query string; undefined values are left out. */
  params?: Record<string, string | number | boolean | undefined>;
}

export interface RequestDependencies {
  getToken(): string | undefined;
  getLanguage(): Language;
  notifyError(text: string, durationMs: number): void;
  /** Shows the 'Confirm logout' dialog; calls onClose when it is dismissed either way. */
  confirmSessionEnded(language: Language, onClose: () => void): void;
  /**
   * True while the page is being left (another address typed, a reload): the browser then
   * drops the page's requests, and such a failure is the page going, not the network
   * failing, so it is a quiet cancellation (it must not, say, end the session).
   */
  isPageLeaving?(): boolean;
}

function urlOf(path: string, params: RequestOptions['params']): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined) query.append(name, String(value));
  }
  const search = query.toString();
  return `${ADMIN_API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** The body as JSON when it parses, else its text ('' when empty). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The request rules of docs/product.md §7/§8, on the browser's fetch:
 * - base '/admin-api', X-Token when a token is held, LANGUAGE = upper-cased language,
 *   timeout REQUEST_TIMEOUT_MS, an AbortController per request (cancelAll on route change);
 * - a body with a numeric non-zero code is a business error whatever the HTTP status:
 *   toast the server msg for 2 s and reject with it (or 'Error'); 4005 opens the
 *   'Confirm logout' dialog instead, at most one at a time;
 * - no response, a timeout, a body that is not JSON or an error status without an envelope
 *   is a transport error: toast the error message for 5 s and reject;
 * - a cancelled request, or one the browser dropped as the page was left, rejects quietly.
 * The error texts are the ones the console showed when it used axios.
 */
export function createRequestClient(deps: RequestDependencies) {
  const pending = new Set<AbortController>();
  let sessionDialogOpen = false;

  function businessError(body: Envelope, status: number, options: RequestOptions) {
    const text = body.msg || 'Error';
    if (!options.silent) {
      if (body.code === SESSION_ENDED_CODE) {
        if (!sessionDialogOpen) {
          sessionDialogOpen = true;
          deps.confirmSessionEnded(deps.getLanguage(), () => {
            sessionDialogOpen = false;
          });
        }
      } else {
        deps.notifyError(text, BUSINESS_ERROR_TOAST_MS);
      }
    }
    return new RequestError(text, 'business', body.code, status, body.errors ?? []);
  }

  function transportError(text: string, status: number | undefined, options: RequestOptions) {
    if (!options.silent) deps.notifyError(text, TRANSPORT_ERROR_TOAST_MS);
    return new RequestError(text, 'transport', undefined, status);
  }

  /** Sends one request and resolves with its envelope, or rejects with a RequestError. */
  async function send(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions,
  ): Promise<Envelope> {
    const controller = new AbortController();
    const callerSignal = options.signal;
    const abort = () => controller.abort();
    if (callerSignal?.aborted) controller.abort();
    else callerSignal?.addEventListener('abort', abort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, REQUEST_TIMEOUT_MS);
    pending.add(controller);

    const headers: Record<string, string> = {
      Accept: 'application/json, text/plain, */*',
      LANGUAGE: deps.getLanguage().toUpperCase(),
    };
    const token = deps.getToken();
    if (token) headers['X-Token'] = token;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    let data: unknown;
    try {
      response = await fetch(urlOf(path, options.params), {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: controller.signal,
      });
      data = await readBody(response);
    } catch {
      if (timedOut) {
        throw transportError(`timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`, undefined, options);
      }
      if (controller.signal.aborted || deps.isPageLeaving?.()) {
        throw new RequestError('Request cancelled', 'cancelled');
      }
      // fetch's own texts differ by browser ('Failed to fetch', 'Load failed'): one text.
      throw transportError('Network Error', undefined, options);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abort);
      pending.delete(controller);
    }

    if (isEnvelope(data)) {
      if (data.code !== 0) throw businessError(data, response.status, options);
      if (response.ok) return data;
    }
    if (!response.ok) {
      throw transportError(
        `Request failed with status code ${response.status}`,
        response.status,
        options,
      );
    }
    if (typeof data === 'string') {
      throw transportError('The server did not answer with JSON', response.status, options);
    }
    // JSON without an envelope: nothing to unwrap.
    return { code: 0, msg: '', ret: undefined };
  }

  /** Calls a contract endpoint and resolves with its `ret`. */
  async function call<E extends EndpointDefinition>(
    endpoint: E,
    body?: EndpointBody<E>,
    options: RequestOptions = {},
  ): Promise<EndpointRet<E>> {
    const envelope = await send(
      endpoint.method,
      endpoint.path,
      endpoint.method === 'GET' ? undefined : (body ?? {}),
      options,
    );
    return envelope.ret as EndpointRet<E>;
  }

  /** Every pending request is cancelled on a route change. */
  function cancelAll(): void {
    for (const controller of pending) controller.abort();
    pending.clear();
  }

  return { call, cancelAll, pendingCount: () => pending.size };
}

export type RequestClient = ReturnType<typeof createRequestClient>;
