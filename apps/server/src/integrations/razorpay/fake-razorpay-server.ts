import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the local fakes of Razorpay's APIs (RazorpayX payouts, Smart Collect) share: a
 * node:http server on 127.0.0.1 (a random port) that reads the JSON body, logs the request,
 * checks basic auth as Razorpay does, answers in Razorpay's error shape, and plays the faults
 * a test switches on. Each fake routes what is left.
 */
export interface FakeRequestLog {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** Faults a test switches on; each one fires for the next call only. */
export interface FakeRazorpayFaults {
  failNextWith500: boolean;
  /** The next call answers 400 with this description. */
  rejectNextWith?: string | undefined;
}

export type FakeRoute = (
  request: IncomingMessage,
  url: URL,
  body: Record<string, unknown>,
  response: ServerResponse,
) => void;

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Razorpay's 400: `{error: {code: 'BAD_REQUEST_ERROR', description, field, …}}`. */
export function razorpayBadRequest(
  response: ServerResponse,
  description: string,
  field?: string,
): void {
  sendJson(response, 400, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      reason: 'input_validation_failed',
      field: field ?? null,
    },
  });
}

export function razorpayNotFound(response: ServerResponse): void {
  razorpayBadRequest(response, 'The id provided does not exist', 'id');
}

export async function startFakeRazorpayServer(options: {
  keyId: string;
  keySecret: string;
  faults: FakeRazorpayFaults;
  route: FakeRoute;
}) {
  const requests: FakeRequestLog[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://fake');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return razorpayBadRequest(response, 'The request body is not JSON');
      }
      requests.push({
        method: request.method ?? '',
        path: url.pathname + url.search,
        headers: request.headers,
        body,
      });
      if (request.headers.authorization !== expectedAuth) {
        return sendJson(response, 401, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' },
        });
      }
      const { faults } = options;
      if (faults.failNextWith500) {
        faults.failNextWith500 = false;
        return sendJson(response, 500, {
          error: { code: 'SERVER_ERROR', description: 'The server encountered an error' },
        });
      }
      if (faults.rejectNextWith !== undefined) {
        const description = faults.rejectNextWith;
        faults.rejectNextWith = undefined;
        return razorpayBadRequest(response, description);
      }
      options.route(request, url, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
