import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMsg91Request {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A message MSG91 accepted: its request id and the recipient's fields as sent. */
export interface FakeMsg91Message {
  requestId: string;
  templateId: string;
  sender: string;
  recipient: Record<string, string>;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * A local fake of MSG91's Flow API for tests (127.0.0.1, a random port): `POST /api/v5/flow`
 * with the `authkey` header, a known template id, recipients in international form. Answers as
 * MSG91 does: `{type: 'success', message: <request id>}`, or `{type: 'error', message}` for a
 * bad key (401), an unknown template or a bad number. Faults for the next call only:
 * `failNextWith500`, `hangNext` (no answer: the caller times out).
 */
export async function startFakeMsg91(options: { authKey: string; templateIds: string[] }) {
  const requests: FakeMsg91Request[] = [];
  const messages: FakeMsg91Message[] = [];
  const faults = { failNextWith500: false, hangNext: false };
  const hanging: ServerResponse[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(response, 400, { type: 'error', message: 'Invalid JSON' });
      }
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
      });
      if (request.method !== 'POST' || request.url !== '/api/v5/flow') {
        return send(response, 404, { type: 'error', message: 'Not found' });
      }
      if (request.headers.authkey !== options.authKey) {
        return send(response, 401, { type: 'error', message: 'Authentication failure' });
      }
      if (faults.hangNext) {
        faults.hangNext = false;
        hanging.push(response);
        return;
      }
      if (faults.failNextWith500) {
        faults.failNextWith500 = false;
        return send(response, 500, { type: 'error', message: 'Internal server error' });
      }
      const templateId = String(body.template_id ?? '');
      if (!options.templateIds.includes(templateId)) {
        return send(response, 200, { type: 'error', message: 'Invalid template id' });
      }
      const recipients = body.recipients as Record<string, string>[] | undefined;
      if (!Array.isArray(recipients) || recipients.length === 0) {
        return send(response, 200, { type: 'error', message: 'recipients are missing' });
      }
      if (!recipients.every((r) => /^91[6-9]\d{9}$/.test(String(r.mobiles)))) {
        return send(response, 200, { type: 'error', message: 'Invalid mobile number' });
      }
      const requestId = randomBytes(12).toString('hex');
      for (const recipient of recipients) {
        messages.push({ requestId, templateId, sender: String(body.sender ?? ''), recipient });
      }
      send(response, 200, { type: 'success', message: requestId });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    messages,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
      }),
  };
}

export type FakeMsg91 = Awaited<ReturnType<typeof startFakeMsg91>>;
