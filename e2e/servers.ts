/**
 * The journeys' servers (docs/testing.md). Each Playwright worker has a server of its own, on
 * its own fresh copy of the demo book, so journeys running at once never see each other's
 * changes: worker n (its parallel index) uses port FIRST_PORT + n.
 */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 18_090);

/** Journeys run at once, each worker with its server (E2E_WORKERS; two fit CI's two cores). */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export function portOfWorker(parallelIndex: number): number {
  return FIRST_PORT + parallelIndex;
}

/**
 * The port of a server a journey starts for itself (collection-journey.spec.ts), clear of the
 * workers' servers.
 */
export function ownServerPort(parallelIndex: number): number {
  return FIRST_PORT + 50 + parallelIndex;
}
