import {
  AxiosError,
  CanceledError,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { describe, expect, it, vi } from 'vitest';
import {
  BUSINESS_ERROR_TOAST_MS,
  REQUEST_TIMEOUT_MS,
  TRANSPORT_ERROR_TOAST_MS,
  type Language,
  configApi,
  userApi,
} from '@lending/contract';
import { createRequestClient, RequestError } from './request';

type Reply = { status: number; data: unknown } | { error: 'network' | 'timeout' } | 'hang';

function setup(options: { token?: string; language?: Language } = {}) {
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
  });
  const seen: InternalAxiosRequestConfig[] = [];
  const replies: Reply[] = [];
  client.instance.defaults.adapter = (config) => {
    seen.push(config);
    const reply = replies.shift() ?? { status: 200, data: { code: 0, msg: 'ok', ret: null } };
    if (reply === 'hang') {
      return new Promise((_, reject) => {
        config.signal?.addEventListener?.('abort', () => reject(new CanceledError()));
      });
    }
    if ('error' in reply) {
      return Promise.reject(
        reply.error === 'timeout'
          ? new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config)
          : new AxiosError('Network Error', 'ERR_NETWORK', config),
      );
    }
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
    };
    if (reply.status >= 400) {
      return Promise.reject(
        new AxiosError(
          `Request failed with status code ${reply.status}`,
          'ERR_BAD_REQUEST',
          config,
          {},
          response,
        ),
      );
    }
    return Promise.resolve(response);
  };
  const reply = (...next: Reply[]) => replies.push(...next);
  return { client, notifyError, confirmSessionEnded, dialogs, seen, reply };
}

describe('request client', () => {
  it('sends X-Token when a token is held, LANGUAGE upper-cased, under /admin-api with the timeout', async () => {
    const { client, seen, reply } = setup({ token: 'abc', language: 'bur' });
    reply({ status: 200, data: { code: 0, msg: 'ok', ret: { token: 't1' } } });
    await expect(client.call(userApi.login, { email: 'a@b.co', password: 'x' })).resolves.toEqual({
      token: 't1',
    });
    const [config] = seen;
    expect(config?.baseURL).toBe('/admin-api');
    expect(config?.url).toBe('/user/login');
    expect(config?.method).toBe('post');
    expect(config?.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(config?.headers.get('X-Token')).toBe('abc');
    expect(config?.headers.get('LANGUAGE')).toBe('BUR');
    expect(config?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no X-Token without a token', async () => {
    const { client, seen } = setup({ language: 'zh' });
    await client.call(configApi.configIndex, {});
    expect(seen[0]?.headers.has('X-Token')).toBe(false);
    expect(seen[0]?.headers.get('LANGUAGE')).toBe('ZH');
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

  it('treats no response, a timeout or a non-JSON body as a transport error: toast 5 s', async () => {
    const { client, notifyError, reply } = setup();
    reply(
      { error: 'network' },
      { error: 'timeout' },
      { status: 502, data: '<html>Bad gateway</html>' },
      { status: 200, data: '<html>not json</html>' },
    );
    for (let i = 0; i < 4; i++) {
      await expect(client.call(configApi.configIndex, {})).rejects.toMatchObject({
        kind: 'transport',
      });
    }
    expect(notifyError.mock.calls.map(([text, ms]) => [text, ms])).toEqual([
      ['Network Error', TRANSPORT_ERROR_TOAST_MS],
      [`timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`, TRANSPORT_ERROR_TOAST_MS],
      ['Request failed with status code 502', TRANSPORT_ERROR_TOAST_MS],
      ['The server did not answer with JSON', TRANSPORT_ERROR_TOAST_MS],
    ]);
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
    reply({ status: 401, data: { code: 4005, msg: 'x' } }, { error: 'network' });
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

  it('forgets finished requests', async () => {
    const { client } = setup();
    await client.call(configApi.configIndex, {});
    expect(client.pendingCount()).toBe(0);
  });
});
