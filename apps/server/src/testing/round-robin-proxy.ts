import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer for tests, on loopback: each request goes to the next backend in turn among
 * those whose `/health/ready` answered 200 at the last check (every `checkEveryMs`), as a
 * balancer takes a server out of rotation when it says it is not ready. A request a backend
 * refused to connect (it closed its listener) goes to the next one: nothing reached that
 * backend, so any request may be sent again. Anything else is passed through as the backend
 * answered, with `x-backend` naming which one did (its index in `backends`).
 */
export interface RoundRobinProxy {
  url: string;
  /** The backends by index; a test may replace them (a server restarted elsewhere). */
  backends: string[];
  /** How many requests each backend answered. */
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(
  backends: string[],
  options: { checkEveryMs?: number } = {},
): Promise<RoundRobinProxy> {
  const ready = new Set<number>();
  const served: number[] = backends.map(() => 0);
  let next = 0;
  const proxy: RoundRobinProxy = { url: '', backends, served, close: () => Promise.resolve() };

  const check = async () => {
    await Promise.all(
      proxy.backends.map(async (backend, index) => {
        const answer = await fetch(`${backend}/health/ready`, {
          signal: AbortSignal.timeout(2_000),
        }).catch(() => undefined);
        if (answer?.ok) ready.add(index);
        else ready.delete(index);
        await answer?.body?.cancel();
      }),
    );
  };
  await check();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => (checking = false));
  }, options.checkEveryMs ?? 100);

  /** The ready backends in turn, starting after the last one used. */
  const order = (): number[] => {
    const all = proxy.backends.map((_, i) => (next + i) % proxy.backends.length);
    next = (next + 1) % proxy.backends.length;
    return all.filter((index) => ready.has(index));
  };

  const forward = (
    index: number,
    request: http.IncomingMessage,
    body: Buffer,
  ): Promise<http.IncomingMessage> => {
    const target = new URL(proxy.backends[index]!);
    return new Promise((resolve, reject) => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: target.host, connection: 'close' },
          // A fresh connection per request: none is reused across a backend's shutdown.
          agent: false,
        },
        resolve,
      );
      upstream.once('error', reject);
      upstream.end(body);
    });
  };

  const server = http.createServer((request, response) => {
    // A caller or backend that drops its connection ends that exchange, not the balancer.
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(parts);
        for (const index of order()) {
          try {
            const answer = await forward(index, request, body);
            served[index] = (served[index] ?? 0) + 1;
            response.writeHead(answer.statusCode ?? 502, {
              ...answer.headers,
              'x-backend': String(index),
            });
            answer.on('error', () => response.destroy());
            answer.pipe(response);
            return;
          } catch (error) {
            // Refused: the request never reached it. Anything else may have: not sent again.
            if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') continue;
            response.writeHead(502, { 'content-type': 'text/plain' });
            response.end(`backend ${index}: ${(error as Error).message}`);
            return;
          }
        }
        response.writeHead(503, { 'content-type': 'text/plain' });
        response.end('no backend is ready');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      clearInterval(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
