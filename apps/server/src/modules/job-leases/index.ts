/**
 * Named job leases (`job_leases`): which server runs a job's pass when there are several, the
 * one claim of a whole pass (items are claimed by conditional row updates in their modules). The
 * day-end holds one per run; the penny drops, the scheduled reconciliation and the collection
 * refresh run each pass under one (`withLease`).
 */
export { acquireLease, releaseLease } from './job-leases.repository.js';
export {
  defaultHolder,
  LeaseLostError,
  withLease,
  type HeldLease,
  type LeaseTerms,
} from './job-lease.js';
