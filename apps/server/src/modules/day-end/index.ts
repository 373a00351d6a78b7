/** The day-end job: accrual, ACTIVE → DUE → OVERDUE and derived attributes per India business date, under a lease. */
export {
  DAY_END_JOB,
  acquireLease,
  dayEndOf,
  releaseLease,
  dayEndDueThrough,
  runDayEnd,
  runScheduledDayEnd,
  dayEndJob,
  type DayEndOptions,
  type DayEndReport,
} from './day-end.service.js';
