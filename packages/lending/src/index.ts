/** The pure lending engine: money, fees, order states, accrual, allocation, rollover, ledger, value dating. */
export * from './calendar-date.js';
export * from './money.js';
export * from './components.js';
export * from './terms.js';
export * from './fees.js';
export * from './loan.js';
export * from './accrual.js';
export * from './clearing.js';
export * from './allocation.js';
export * from './repayment.js';
export * from './rollover.js';
export * from './overdue.js';
export * from './order-state.js';
export * from './ledger.js';
export * from './component-summary.js';
export * from './value-dating.js';
export * from './worked-example.js';
