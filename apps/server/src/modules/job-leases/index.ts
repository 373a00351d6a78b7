/**
 * Named job leases (`job_leases`): which server runs a job's pass when there are several. The
 * day-end holds one per run; the penny drops run each pass under one (`withLease`).
 */
export {
  acquireLease,
  defaultHolder,
  LeaseLostError,
  releaseLease,
  withLease,
  type HeldLease,
  type LeaseTerms,
} from './job-lease.js';
