/** How a (sandbox) gateway hands a signed webhook to the server: POST path, raw body, headers. */
export type WebhookDeliverer = (
  path: string,
  rawBody: string,
  headers: Record<string, string>,
) => Promise<number>;

/** Delivers over HTTP to the server's own webhook endpoints, as a real gateway would. */
export function httpDeliverer(baseUrl: string): WebhookDeliverer {
  return async (path, rawBody, headers) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      body: rawBody,
      headers: { 'content-type': 'application/json', ...headers },
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  };
}

export interface Scheduler {
  /** Runs `task` after `delayMs`; the sandbox's asynchronous outcomes go through this. */
  later(delayMs: number, task: () => Promise<void>): void;
  /** Stops pending tasks (server shutdown). */
  stop(): void;
}

/** Timers that never keep the process alive and forget their tasks on stop. */
export function timerScheduler(onError: (error: unknown) => void = () => undefined): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  return {
    later(delayMs, task) {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        task().catch(onError);
      }, delayMs);
      timer.unref();
      timers.add(timer);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * Delivers with retries, as gateways do: until a 2xx, with growing pauses; a 4xx other than
 * 408/429 is final (the server refused the event as such).
 */
export async function deliverWithRetries(
  deliver: WebhookDeliverer,
  path: string,
  rawBody: string,
  headers: Record<string, string>,
  attempts = 5,
  pauseMs = (attempt: number) => 500 * 2 ** attempt,
): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      status = await deliver(path, rawBody, headers);
      if (status >= 200 && status < 300) return status;
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) return status;
    } catch {
      status = 0;
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs(attempt)).unref());
  }
  return status;
}
