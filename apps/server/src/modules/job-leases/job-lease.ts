import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../shared/database.js';
import type { Clock } from '../../shared/clock.js';
import { acquireLease, releaseLease } from './job-leases.repository.js';

// A named job's lease (`job_leases`): one holder at a time among several servers, until it
// expires or is released. The day-end takes it per run and renews it after each batch; jobs
// whose pass must not run on two servers at once (the penny drops, the scheduled
// reconciliation, the collection refresh) run it under `withLease`.

/** Who holds a lease: this host, process and a random tail (two servers on one host differ). */
export function defaultHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

export interface LeaseTerms {
  name: string;
  holder: string;
  leaseMs: number;
  clock: Clock;
}

/** A lease the work holds: `renew` extends it, or throws LeaseLostError if another took it. */
export interface HeldLease {
  renew(): Promise<void>;
}

/**
 * Runs `work` only while this holder has the named lease, and releases it after, whether the
 * work succeeded or not. Undefined when another server holds the lease (its pass does the
 * work). Work that can outlast `leaseMs` renews the lease as it goes.
 */
export async function withLease<T>(
  db: Executor,
  terms: LeaseTerms,
  work: (lease: HeldLease) => Promise<T>,
): Promise<T | undefined> {
  const { name, holder, leaseMs, clock } = terms;
  if (!(await acquireLease(db, name, holder, clock.now(), leaseMs))) return undefined;
  const lease: HeldLease = {
    async renew() {
      if (!(await acquireLease(db, name, holder, clock.now(), leaseMs)))
        throw new LeaseLostError(name);
    },
  };
  try {
    return await work(lease);
  } finally {
    await releaseLease(db, name, holder, clock.now());
  }
}
