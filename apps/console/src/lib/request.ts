import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
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

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller reports failures itself: no toast, no session dialog. */
    silent?: boolean;
  }
}

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

export interface RequestDependencies {
  getToken(): string | undefined;
  getLanguage(): Language;
  notifyError(text: string, durationMs: number): void;
  /** Shows the 'Confirm logout' dialog; calls onClose when it is dismissed either way. */
  confirmSessionEnded(language: Language, onClose: () => void): void;
}

/**
 * The request rules of docs/product.md §7/§8:
 * - base '/admin-api', X-Token when a token is held, LANGUAGE = upper-cased language,
 *   timeout REQUEST_TIMEOUT_MS, an AbortController per request (cancelAll on route change);
 * - a body with a numeric non-zero code is a business error whatever the HTTP status:
 *   toast the server msg for 2 s and reject with it (or 'Error'); 4005 opens the
 *   'Confirm logout' dialog instead, at most one at a time;
 * - no response, a timeout or a body that is not JSON is a transport error: toast the
 *   error message for 5 s and reject;
 * - a cancelled request rejects quietly.
 */
export function createRequestClient(deps: RequestDependencies) {
  const pending = new Map<AbortSignal, AbortController>();
  let sessionDialogOpen = false;

  const instance = axios.create({ baseURL: ADMIN_API_BASE, timeout: REQUEST_TIMEOUT_MS });

  instance.interceptors.request.use((config) => {
    const controller = new AbortController();
    const callerSignal = config.signal as AbortSignal | undefined;
    if (callerSignal?.aborted) controller.abort();
    else callerSignal?.addEventListener?.('abort', () => controller.abort(), { once: true });
    config.signal = controller.signal;
    pending.set(controller.signal, controller);

    const token = deps.getToken();
    if (token) config.headers.set('X-Token', token);
    config.headers.set('LANGUAGE', deps.getLanguage().toUpperCase());
    return config;
  });

  function release(config: AxiosRequestConfig | undefined) {
    const signal = config?.signal as AbortSignal | undefined;
    if (signal) pending.delete(signal);
  }

  function businessError(body: Envelope, status: number, config: AxiosRequestConfig | undefined) {
    const text = body.msg || 'Error';
    if (!config?.silent) {
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

  function transportError(text: string, status: number | undefined, config?: AxiosRequestConfig) {
    if (!config?.silent) deps.notifyError(text, TRANSPORT_ERROR_TOAST_MS);
    return new RequestError(text, 'transport', undefined, status);
  }

  instance.interceptors.response.use(
    (response: AxiosResponse) => {
      release(response.config);
      const body: unknown = response.data;
      if (isEnvelope(body)) {
        if (body.code === 0) return body as unknown as AxiosResponse;
        return Promise.reject(businessError(body, response.status, response.config));
      }
      if (typeof body === 'string' || body === undefined) {
        return Promise.reject(
          transportError('The server did not answer with JSON', response.status, response.config),
        );
      }
      return body as AxiosResponse;
    },
    (error: AxiosError) => {
      release(error.config);
      if (axios.isCancel(error)) {
        return Promise.reject(new RequestError('Request cancelled', 'cancelled'));
      }
      const body: unknown = error.response?.data;
      if (error.response && isEnvelope(body) && body.code !== 0) {
        return Promise.reject(businessError(body, error.response.status, error.config));
      }
      return Promise.reject(
        transportError(error.message || 'Network Error', error.response?.status, error.config),
      );
    },
  );

  /** Calls a contract endpoint and resolves with its `ret`. */
  async function call<E extends EndpointDefinition>(
    endpoint: E,
    body?: EndpointBody<E>,
    config: AxiosRequestConfig = {},
  ): Promise<EndpointRet<E>> {
    const envelope = (await instance.request({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.method === 'GET' ? {} : { data: body ?? {} }),
      ...config,
    })) as unknown as Envelope<EndpointRet<E>>;
    return envelope.ret as EndpointRet<E>;
  }

  /** Every pending request is cancelled on a route change. */
  function cancelAll(): void {
    for (const controller of pending.values()) controller.abort();
    pending.clear();
  }

  return { instance, call, cancelAll, pendingCount: () => pending.size };
}

export type RequestClient = ReturnType<typeof createRequestClient>;
