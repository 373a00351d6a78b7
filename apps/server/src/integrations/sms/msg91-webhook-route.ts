import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../plugins/db.js';
import { refuseUnstorableText } from '../../plugins/input.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { claimGatewayEvent } from '../webhooks/gateway-events.repository.js';
import { headerOf, rawBodyOf, registerRawBodyScope } from '../webhooks/raw-body-scope.js';
import { documentWebhook, WEBHOOK_ERRORS } from '../../plugins/webhook-docs.js';
import { MSG91_PROVIDER } from './msg91-sms.js';
import { applySmsReceipt } from './sms.service.js';

export const MSG91_WEBHOOK_PATH = '/webhooks/sms/msg91';

/** The query parameter that carries the webhook token in the URL saved on MSG91's panel. */
export const MSG91_TOKEN_PARAMETER = 'token';

/**
 * MSG91's delivery report statuses, as its webhook help lists them: 1 delivered, 2 failed,
 * 9 NDNC (a promotional message to a number on the DND registry), 16 and 25 rejected, 17 a
 * blocked number. Each is final. Any other status is kept in gateway_events and changes
 * nothing: a message is never marked on a guess.
 */
const FINAL_STATUS: Record<string, 'delivered' | 'failed'> = {
  '1': 'delivered',
  '2': 'failed',
  '9': 'failed',
  '16': 'failed',
  '25': 'failed',
  '17': 'failed',
};

const reportSchema = z
  .object({
    number: z.string().min(1).max(20),
    status: z.coerce.string().min(1).max(10),
    desc: z.string().max(200).optional(),
    date: z.string().max(40).optional(),
  })
  .loose();

/** Webhook version 2 (MSG91's default): the form field `data`, a JSON array of requests. */
const requestsSchema = z
  .array(
    z
      .object({
        requestId: z.string().min(1).max(200),
        report: z.array(reportSchema).min(1).max(1_000),
      })
      .loose(),
  )
  .min(1)
  .max(1_000);

/** Webhook version 3: one report as a JSON object. */
const singleReportSchema = reportSchema.extend({ requestId: z.string().min(1).max(200) });

export interface Msg91Report {
  requestId: string;
  number: string;
  status: string;
  desc: string;
}

/**
 * The reports of one webhook call, read from either version MSG91 posts: v2 as
 * `application/x-www-form-urlencoded` with a `data` field holding a JSON array of requests
 * (each with its `report` list), or the same `{data: "<json>"}` posted as JSON; v3 as one JSON
 * object per report. Anything else is refused (400), so a misconfigured webhook shows.
 */
export function msg91ReportsOf(raw: Buffer, contentType: string | undefined): Msg91Report[] {
  const text = raw.toString('utf8');
  let body: unknown;
  if ((contentType ?? '').includes('application/x-www-form-urlencoded')) {
    body = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError('malformedJson');
    }
  }
  refuseUnstorableText(body);
  const data = (body as { data?: unknown } | null)?.data;
  if (typeof data === 'string') {
    let requests: unknown;
    try {
      requests = JSON.parse(data);
    } catch {
      throw new AppError('malformedJson');
    }
    const parsed = requestsSchema.safeParse(requests);
    if (!parsed.success) throw AppError.invalid('data', 'not MSG91 delivery reports');
    return parsed.data.flatMap((request) =>
      request.report.map((report) => ({
        requestId: request.requestId,
        number: report.number,
        status: report.status,
        desc: report.desc ?? '',
      })),
    );
  }
  const single = singleReportSchema.safeParse(body);
  if (!single.success) throw AppError.invalid('body', 'not an MSG91 delivery report');
  const { requestId, number, status, desc } = single.data;
  return [{ requestId, number, status, desc: desc ?? '' }];
}

/** Constant-time comparison of the token given with the one configured. */
function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

function tokenOf(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[MSG91_TOKEN_PARAMETER];
  return typeof value === 'string' ? value : undefined;
}

export interface Msg91WebhookOptions {
  /** The secret MSG91's saved webhook URL carries as `?token=` (MSG91 signs nothing). */
  token: string;
  db: Database;
  clock: Clock;
}

/**
 * MSG91's delivery reports (decision 0081). MSG91 signs no webhook, so the URL saved on its
 * panel carries a long random token (MSG91_WEBHOOK_TOKEN), compared in constant time: missing
 * or wrong → 401 (4206), nothing written. Each report is claimed in `gateway_events` as
 * `<request id>:<number>:<status>` in the transaction that applies it, so a redelivery changes
 * nothing; a final status moves the message found by MSG91's request id (the id the Flow API
 * answered when it took the message) forward only, as every receipt does.
 */
export async function registerMsg91Webhook(
  app: FastifyInstance,
  options: Msg91WebhookOptions,
): Promise<void> {
  documentWebhook(app, {
    method: 'POST',
    path: MSG91_WEBHOOK_PATH,
    provider: MSG91_PROVIDER,
    summary:
      "MSG91's SMS delivery reports (webhook version 2, form field `data`, or version 3, one JSON report), by the request id its Flow API answered. MSG91 signs nothing: the URL saved on its panel carries `?token=<MSG91_WEBHOOK_TOKEN>`, refused (401, 4206) when missing or wrong. Statuses 1 (delivered), 2, 9, 16, 17 and 25 (failed) are applied; others are recorded only",
    headers: [
      {
        name: 'content-type',
        required: true,
        description:
          '`application/x-www-form-urlencoded` (version 2) or `application/json` (version 2 as `{data}`, or version 3).',
      },
    ],
    body: z.union([z.object({ data: z.string() }), singleReportSchema]),
    errors: WEBHOOK_ERRORS,
  });
  await registerRawBodyScope(app, (scope) => {
    scope.post(MSG91_WEBHOOK_PATH, async (request, reply) => {
      if (!tokenMatches(options.token, tokenOf(request))) {
        request.log.warn({ path: MSG91_WEBHOOK_PATH }, 'webhook refused');
        throw new AppError('webhookRejected', { detail: 'token' });
      }
      const reports = msg91ReportsOf(rawBodyOf(request), headerOf(request, 'content-type'));
      const now = options.clock.now();
      const applied = await options.db.transaction(async (tx) => {
        let fresh = 0;
        for (const report of reports) {
          const eventId = `${report.requestId}:${report.number}:${report.status}`;
          const claimed = await claimGatewayEvent(tx, {
            provider: MSG91_PROVIDER,
            eventId,
            eventType: 'sms.status',
            payload: report,
            at: now,
          });
          if (!claimed) continue;
          fresh += 1;
          const status = FINAL_STATUS[report.status];
          if (!status) continue;
          await applySmsReceipt(
            tx,
            MSG91_PROVIDER,
            {
              id: eventId,
              type: 'sms.status',
              data: {
                messageId: report.requestId,
                status,
                ...(status === 'failed'
                  ? { errorCode: `${report.status} ${report.desc}`.trim().slice(0, 100) }
                  : {}),
              },
            },
            now,
          );
        }
        return fresh;
      });
      return reply.send({
        code: 0,
        msg: 'OK',
        ret: { reports: reports.length, duplicates: reports.length - applied },
      });
    });
  });
}
