import type { FastifyInstance } from 'fastify';
import { loadIntegrationsConfig, type IntegrationsConfig } from '../config.js';
import type { Scheduler, WebhookDeliverer } from '../webhooks/delivery.js';

/** Tasks wait until the test runs them (in any order it likes). */
export class ManualScheduler implements Scheduler {
  tasks: (() => Promise<void>)[] = [];
  later(_delayMs: number, task: () => Promise<void>) {
    this.tasks.push(task);
  }
  stop() {
    this.tasks = [];
  }
  /** Runs every pending task, newest first (webhooks out of order). */
  async runAllReversed() {
    const tasks = this.tasks.reverse();
    this.tasks = [];
    for (const task of tasks) await task();
  }
}

/**
 * Sandbox gateways for tests: nothing leaves the process, webhooks go through `app.inject`
 * when the test runs the scheduler, every webhook is delivered twice and every SMS arrives.
 */
export function manualGateways(
  appRef: () => FastifyInstance,
  overrides: Partial<IntegrationsConfig['sandbox']> = {},
) {
  const scheduler = new ManualScheduler();
  const deliveries: { path: string; status: number; body: string }[] = [];
  const deliver: WebhookDeliverer = async (path, body, headers) => {
    const response = await appRef().inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
    deliveries.push({ path, status: response.statusCode, body: response.body });
    return response.statusCode;
  };
  const base = loadIntegrationsConfig({});
  const config: IntegrationsConfig = {
    ...base,
    sandbox: { ...base.sandbox, smsFailureRate: 0, duplicateRate: 1, ...overrides },
  };
  return { scheduler, deliver, deliveries, config };
}
