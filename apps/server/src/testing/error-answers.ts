import { appendFileSync } from 'node:fs';
import {
  ADMIN_API_BASE,
  APP_API_BASE,
  adminEndpoints,
  errorKeyOfCode,
  errorKeysOf,
  type EndpointDefinition,
  appApi,
} from '@lending/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { documentedWebhooks, type WebhookDocumentation } from '../plugins/webhook-docs.js';

/**
 * Every error the tests see an operation answer must be one its definition lists (decision
 * 0062): the OpenAPI document is generated from the definitions, so an undeclared code is an
 * answer the document hides. The test harness watches each app it builds; the suite's setup
 * file fails the test that saw an undeclared answer.
 *
 * With ERROR_ANSWERS_LOG=<file>, every error answer is appended to that file as a JSON line
 * instead (how the declarations were first seeded), and nothing fails.
 */

export interface ErrorAnswer {
  endpoint: EndpointDefinition;
  code: number;
  status: number;
}

const undeclared: string[] = [];

/** The endpoints of both APIs by `METHOD url`, as Fastify names their routes. */
export function endpointsByRoute(
  groups: ReadonlyArray<{ base: string; endpoints: readonly EndpointDefinition[] }> = [
    { base: ADMIN_API_BASE, endpoints: adminEndpoints },
    { base: APP_API_BASE, endpoints: appApi.appEndpoints },
  ],
): Map<string, EndpointDefinition> {
  const byRoute = new Map<string, EndpointDefinition>();
  for (const { base, endpoints } of groups) {
    for (const endpoint of endpoints) {
      byRoute.set(`${endpoint.method} ${base}${endpoint.path}`, endpoint);
    }
  }
  return byRoute;
}

/** Why an answer breaks its endpoint's declaration; undefined when it is declared. */
export function undeclaredAnswerOf(answer: ErrorAnswer): string | undefined {
  const key = errorKeyOfCode(answer.code);
  if (key && errorKeysOf(answer.endpoint).includes(key)) return undefined;
  const name = key ?? 'a code missing from errorCatalogue';
  return (
    `${answer.endpoint.id} (${answer.endpoint.method} ${answer.endpoint.path}) answered ` +
    `${answer.code} (${name}, HTTP ${answer.status}), which its definition does not declare: ` +
    `add '${key ?? '?'}' to the errors of ${answer.endpoint.id} in packages/contract, ` +
    `so the OpenAPI document lists it.`
  );
}

/** Why a webhook's answer breaks its documentation (decision 0069); undefined when listed. */
export function undeclaredWebhookAnswerOf(
  webhook: WebhookDocumentation,
  code: number,
  status: number,
): string | undefined {
  const key = errorKeyOfCode(code);
  if (key && webhook.errors.includes(key)) return undefined;
  return (
    `the webhook POST ${webhook.path} answered ${code} (${key ?? 'a code missing from errorCatalogue'}, ` +
    `HTTP ${status}), which its documentation does not list: add '${key ?? '?'}' to the errors ` +
    `its registration documents (plugins/webhook-docs.ts), so the OpenAPI document lists it.`
  );
}

function codeOf(payload: unknown): number | undefined {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  try {
    const body = JSON.parse(payload.toString()) as { code?: unknown };
    return typeof body.code === 'number' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Watches every error answer of `app`'s contract endpoints and documented webhooks. Answers of
 * other routes (health, the export download, unknown paths) have nothing to compare with.
 */
export function watchErrorAnswers(
  app: FastifyInstance,
  byRoute: ReadonlyMap<string, EndpointDefinition> = endpointsByRoute(),
  log: string | undefined = process.env.ERROR_ANSWERS_LOG || undefined,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    const route = `${request.routeOptions.method} ${request.routeOptions.url}`;
    const endpoint = byRoute.get(route);
    const code = codeOf(payload);
    if (code === undefined) return payload;
    if (!endpoint) {
      const webhook = documentedWebhooks(app).find((w) => `${w.method} ${w.path}` === route);
      const problem = webhook && !log && undeclaredWebhookAnswerOf(webhook, code, reply.statusCode);
      if (problem && !undeclared.includes(problem)) undeclared.push(problem);
      return payload;
    }
    const answer = { endpoint, code, status: reply.statusCode };
    if (log) {
      const line = { endpoint: endpoint.id, code, status: reply.statusCode, file: testFile() };
      appendFileSync(log, `${JSON.stringify(line)}\n`);
      return payload;
    }
    const problem = undeclaredAnswerOf(answer);
    if (problem && !undeclared.includes(problem)) undeclared.push(problem);
    return payload;
  });
}

function testFile(): string | undefined {
  return expect.getState().testPath;
}

/** The undeclared answers seen since the last call (the setup file fails the test on them). */
export function takeUndeclaredAnswers(): string[] {
  return undeclared.splice(0, undeclared.length);
}
