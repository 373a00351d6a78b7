/** The day-end job: accrual, ACTIVE → DUE → OVERDUE and derived attributes per India business date, under a lease. */
export { dayEndOf } from './order-day-end.js';
export {
  DAY_END_JOB,
  dayEndDueThrough,
  runDayEnd,
  runScheduledDayEnd,
  dayEndJob,
  type DayEndOptions,
  type DayEndReport,
} from './day-end.service.js';
