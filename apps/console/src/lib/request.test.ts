import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUSINESS_ERROR_TOAST_MS,
  REQUEST_TIMEOUT_MS,
  TRANSPORT_ERROR_TOAST_MS,
  type Language,
  configApi,
  userApi,
} from '@lending/contract';
import { createRequestClient, RequestError } from './request';

/** A server's answer: a status and a body (an object is sent as JSON, a string as it is). */
type Reply = { status: number; data: unknown } | 'network error' | 'hang';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

function setup(options: { token?: string; language?: Language; leaving?: boolean } = {}) {
  const notifyError = vi.fn<(text: string, ms: number) => void>();
  const dialogs: Array<() => void> = [];
  const confirmSessionEnded = vi.fn((_language: Language, onClose: () => void) => {
    dialogs.push(onClose);
  });
  const client = createRequestClient({
    getToken: () => options.token,
    getLanguage: () => options.language ?? 'en',
    notifyError,
    confirmSessionEnded,
    isPageLeaving: () => options.leaving ?? false,
  });
  const seen: Sent[] = [];
  const replies: Reply[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    seen.push({
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body as string | undefined,
      signal: init.signal ?? undefined,
    });
    if (init.signal?.aborted) {
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    }
    const reply = replies.shift() ?? { status: 200, data: { code: 0, msg: 'ok', ret: null } };
    if (reply === 'hang') {
      return new Promise((_, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      });
    }
    if (reply === 'network error') return Promise.reject(new TypeError('Failed to fetch'));
    const text = typeof reply.data === 'string' ? reply.data : JSON.stringify(reply.data);
    return Promise.resolve(new Response(text, { status: reply.status }));
  });
  const reply = (...next: Reply[]) => replies.push(...next);
  return { client, notifyError, confirmSessionEnded, dialogs, seen, reply };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request client', () => {
  it('sends X-Token when a token is held, LANGUAGE upper-cased, a JSON body under /admin-api', async () => {
    const { client, seen, reply } = setup({ token: 'abc', language: 'bur' });
    reply({ status: 200, data: { code: 0, msg: 'ok', ret: { token: 't1' } } });
    await expect(client.call(userApi.login, { email: 'a@b.co', password: 'x' })).resolves.toEqual({
      token: 't1',
    });
    const [sent] = seen;
    expect(sent?.url).toBe('/admin-api/user/login');
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.get('X-Token')).toBe('abc');
    expect(sent?.headers.get('LANGUAGE')).toBe('BUR');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(sent?.body ?? '')).toEqual({ email: 'a@b.co', password: 'x' });
    expect(sent?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no X-Token without a token, and an empty JSON object when a POST has no body', async () => {
    const { client, seen } = setup({ language: 'zh' });
    await client.call(configApi.configIndex);
    expect(seen[0]?.headers.has('X-Token')).toBe(false);
    expect(seen[0]?.headers.get('LANGUAGE')).toBe('ZH');
    expect(seen[0]?.body).toBe('{}');
  });

  it('sends a GET without a body, its params in the query string', async () => {
    const { client, seen } = setup();
    await client.call(userApi.userInfo, undefined, { params: { token: 'a b', gone: undefined } });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe('/admin-api/user/user_info?token=a+b');
    expect(seen[0]?.body).toBeUndefined();
    expect(seen[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('treats a non-zero code as a business error whatever the HTTP status: toast 2 s, reject with msg', async () => {
    const { client, notifyError, reply } = setup();
    reply(
      { status: 200, data: { code: 4091, msg: 'Name already exists' } },
      { status: 401, data: { code: 4010, msg: 'Incorrect e-mail or password' } },
      { status: 400, data: { code: 4000, msg: '', errors: [{ field: 'email', message: 'bad' }] } },
    );
    const first = await client.call(configApi.configIndex, {}).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(RequestError);
    expect(first).toMatchObject({ kind: 'business', code: 4091, message: 'Name already exists' });
    const second = await client.call(configApi.configIndex, {}).catch((error: unknown) => error);
    expect(second).toMatchObject({ kind: 'business', code: 4010, status: 401 });
    const third = await client.call(configApi.configIndex, {}).catch((error: unknown) => error);
    expect(third).toMatchObject({ message: 'Error', fieldErrors: [{ field: 'email' }] });
    expect(notifyError.mock.calls).toEqual([
      ['Name already exists', BUSINESS_ERROR_TOAST_MS],
      ['Incorrect e-mail or password', BUSINESS_ERROR_TOAST_MS],
      ['Error', BUSINESS_ERROR_TOAST_MS],
    ]);
  });

  it('treats no response, an error status without an envelope or a non-JSON body as a transport error: toast 5 s', async () => {
    const { client, notifyError, reply } = setup();
    reply(
      'network error',
      { status: 502, data: '<html>Bad gateway</html>' },
      { status: 500, data: { code: 0, msg: 'ok' } },
      { status: 200, data: '<html>not json</html>' },
      { status: 200, data: '' },
    );
    for (let i = 0; i < 5; i++) {
      await expect(client.call(configApi.configIndex, {})).rejects.toMatchObject({
        kind: 'transport',
      });
    }
    expect(notifyError.mock.calls).toEqual([
      ['Network Error', TRANSPORT_ERROR_TOAST_MS],
      ['Request failed with status code 502', TRANSPORT_ERROR_TOAST_MS],
      ['Request failed with status code 500', TRANSPORT_ERROR_TOAST_MS],
      ['The server did not answer with JSON', TRANSPORT_ERROR_TOAST_MS],
      ['The server did not answer with JSON', TRANSPORT_ERROR_TOAST_MS],
    ]);
  });

  it('gives up after REQUEST_TIMEOUT_MS with a transport error, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, notifyError, reply } = setup();
    reply('hang');
    const outcome = client.call(configApi.configIndex, {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(client.pendingCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({
      kind: 'transport',
      message: `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`,
    });
    expect(notifyError).toHaveBeenCalledWith(
      `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`,
      TRANSPORT_ERROR_TOAST_MS,
    );
    expect(client.pendingCount()).toBe(0);
  });

  it('code 4005 opens the Confirm logout dialog once, not a toast, and rejects', async () => {
    const { client, notifyError, confirmSessionEnded, dialogs, reply } = setup({ language: 'zh' });
    const ended = { status: 401, data: { code: 4005, msg: 'logged out' } };
    reply(ended, ended, ended);
    const results = await Promise.allSettled([
      client.call(configApi.configIndex, {}),
      client.call(configApi.configIndex, {}),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(confirmSessionEnded).toHaveBeenCalledTimes(1);
    expect(confirmSessionEnded.mock.calls[0]?.[0]).toBe('zh');
    expect(notifyError).not.toHaveBeenCalled();

    // Once dismissed, the next 4005 may open it again.
    dialogs[0]?.();
    await expect(client.call(configApi.configIndex, {})).rejects.toMatchObject({ code: 4005 });
    expect(confirmSessionEnded).toHaveBeenCalledTimes(2);
  });

  it('a silent call reports nothing itself', async () => {
    const { client, notifyError, confirmSessionEnded, reply } = setup();
    reply({ status: 401, data: { code: 4005, msg: 'x' } }, 'network error');
    await expect(client.call(configApi.configIndex, {}, { silent: true })).rejects.toMatchObject({
      code: 4005,
    });
    await expect(client.call(configApi.configIndex, {}, { silent: true })).rejects.toMatchObject({
      kind: 'transport',
    });
    expect(notifyError).not.toHaveBeenCalled();
    expect(confirmSessionEnded).not.toHaveBeenCalled();
  });

  it('cancelAll aborts every pending request quietly (route change)', async () => {
    const { client, notifyError, reply } = setup();
    reply('hang', 'hang');
    const pending = [
      client.call(configApi.configIndex, {}),
      client.call(configApi.configIndex, {}),
    ];
    await vi.waitFor(() => expect(client.pendingCount()).toBe(2));
    client.cancelAll();
    const results = await Promise.allSettled(pending);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({ kind: 'cancelled' });
    }
    expect(notifyError).not.toHaveBeenCalled();
    expect(client.pendingCount()).toBe(0);
  });

  it("the caller's signal cancels quietly, before or during the request", async () => {
    const { client, notifyError, seen, reply } = setup();
    reply('hang');
    const during = new AbortController();
    const pending = client.call(configApi.configIndex, {}, { signal: during.signal });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    during.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });

    const before = new AbortController();
    before.abort();
    await expect(
      client.call(configApi.configIndex, {}, { signal: before.signal }),
    ).rejects.toMatchObject({ kind: 'cancelled' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a request the browser drops while the page is being left rejects quietly as cancelled', async () => {
    const { client, notifyError, reply } = setup({ leaving: true });
    reply('network error');
    await expect(client.call(configApi.configIndex, {})).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('forgets finished requests', async () => {
    const { client } = setup();
    await client.call(configApi.configIndex, {});
    expect(client.pendingCount()).toBe(0);
  });
});
