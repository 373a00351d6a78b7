/**
 * Named job leases (`job_leases`): which server runs a job's pass when there are several. The
 * day-end holds one per run; the penny drops run each pass under one (`withLease`).
 */
export { acquireLease, releaseLease } from './job-leases.repository.js';
export {
  defaultHolder,
  LeaseLostError,
  withLease,
  type HeldLease,
  type LeaseTerms,
} from './job-lease.js';
