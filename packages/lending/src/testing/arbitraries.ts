import fc from 'fast-check';
import { COMPONENTS, type Component, type ComponentAmounts } from '../components.js';
import type { LoanProductTerms } from '../terms.js';

/** fast-check generators shared by the engine's property tests (test-only module). */
export const componentAmountsArb: fc.Arbitrary<ComponentAmounts> = fc.record({
  principal: fc.bigInt({ min: 0n, max: 10_000_000n }),
  interest: fc.bigInt({ min: 0n, max: 1_000_000n }),
  fee: fc.bigInt({ min: 0n, max: 500_000n }),
  gst: fc.bigInt({ min: 0n, max: 100_000n }),
  penal: fc.bigInt({ min: 0n, max: 500_000n }),
});

export const allocationOrderArb: fc.Arbitrary<Component[]> = fc.shuffledSubarray([...COMPONENTS], {
  minLength: COMPONENTS.length,
  maxLength: COMPONENTS.length,
});

export const termsArb: fc.Arbitrary<LoanProductTerms> = fc
  .record({
    tenorDays: fc.integer({ min: 1, max: 30 }),
    processingFeePpm: fc.integer({ min: 0, max: 150_000 }),
    gstPpm: fc.constantFrom(0, 180_000),
    interestPerDayPpm: fc.integer({ min: 0, max: 10_000 }),
    penalFixed: fc.option(fc.bigInt({ min: 0n, max: 10_000n }), { nil: undefined }),
    penalPpm: fc.integer({ min: 0, max: 20_000 }),
    penalCapPpm: fc.integer({ min: 0, max: 250_000 }),
    rolloverFeePpm: fc.integer({ min: 0, max: 100_000 }),
    rolloverDays: fc.integer({ min: 1, max: 30 }),
    maxRollovers: fc.integer({ min: 0, max: 3 }),
    allowOverdueRollover: fc.boolean(),
    allocationOrder: allocationOrderArb,
  })
  .map(({ penalFixed, penalPpm, ...rest }) => ({
    ...rest,
    minPrincipal: 100_000n,
    maxPrincipal: 5_000_000n,
    ...(penalFixed === undefined ? { penalPerDayPpm: penalPpm } : { penalPerDayPaise: penalFixed }),
  }));
