import { describe, expect, it } from 'vitest';
import {
  coolingOffDays,
  coolingOffDaysFor,
  penalCap,
  penalPerDay,
  validateTerms,
  type LoanProductTerms,
} from './terms.js';
import { WORKED_EXAMPLE_TERMS as terms } from './worked-example.js';

describe('validateTerms', () => {
  it('accepts the worked example', () => {
    expect(validateTerms(terms)).toEqual([]);
  });

  it.each<[string, Partial<LoanProductTerms>, keyof LoanProductTerms, string]>([
    ['zero tenor', { tenorDays: 0 }, 'tenorDays', 'min'],
    ['fractional tenor', { tenorDays: 7.5 }, 'tenorDays', 'integer'],
    ['max below min', { maxPrincipal: 50_000n }, 'maxPrincipal', 'min'],
    ['zero min principal', { minPrincipal: 0n }, 'minPrincipal', 'min'],
    ['fee above 100%', { processingFeePpm: 1_000_001 }, 'processingFeePpm', 'max'],
    ['negative interest', { interestPerDayPpm: -1 }, 'interestPerDayPpm', 'min'],
    ['both penal kinds', { penalPerDayPpm: 1_000 }, 'penalPerDayPaise', 'exclusive'],
    ['negative penal', { penalPerDayPaise: -1n }, 'penalPerDayPaise', 'min'],
    ['zero rollover days', { rolloverDays: 0 }, 'rolloverDays', 'min'],
    ['negative max rollovers', { maxRollovers: -1 }, 'maxRollovers', 'min'],
    ['cooling-off below the RBI minimum', { coolingOffDays: 2 }, 'coolingOffDays', 'min'],
    [
      'allocation order missing one',
      { allocationOrder: ['penal', 'fee', 'gst', 'interest'] },
      'allocationOrder',
      'order',
    ],
    [
      'allocation order repeated',
      { allocationOrder: ['penal', 'penal', 'gst', 'interest', 'principal'] },
      'allocationOrder',
      'order',
    ],
    ['fee and GST eat the principal', { processingFeePpm: 900_000 }, 'processingFeePpm', 'max'],
  ])('%s', (_label, patch, field, code) => {
    const errors = validateTerms({ ...terms, ...patch });
    const expectedField = field === 'penalPerDayPaise' ? 'penalPerDayPaise' : field;
    expect(errors).toContainEqual(expect.objectContaining({ field: expectedField, code }));
  });

  it('needs one penal kind', () => {
    const { penalPerDayPaise: _, ...noPenal } = terms;
    expect(validateTerms(noPenal)).toContainEqual(
      expect.objectContaining({ field: 'penalPerDayPaise', code: 'exclusive' }),
    );
  });

  it('never throws on junk from a form', () => {
    const junk = {
      tenorDays: 'x',
      minPrincipal: 5,
      allocationOrder: null,
    } as unknown as LoanProductTerms;
    expect(() => validateTerms(junk)).not.toThrow();
    expect(validateTerms(junk).length).toBeGreaterThan(3);
  });
});

describe('cooling-off window', () => {
  it.each([
    [1, 1],
    [6, 1],
    [7, 3],
    [14, 3],
    [30, 3],
  ])('tenor %s days → %s days', (tenor, days) => {
    expect(coolingOffDaysFor(tenor)).toBe(days);
    expect(coolingOffDays({ ...terms, tenorDays: tenor })).toBe(days);
  });

  it('a product may give more than the minimum', () => {
    expect(coolingOffDays({ ...terms, coolingOffDays: 5 })).toBe(5);
  });
});

describe('penal charge', () => {
  it('fixed per day, capped at 10% of principal', () => {
    expect(penalPerDay(terms, 450_000n)).toBe(2_000n);
    expect(penalCap(terms, 450_000n)).toBe(45_000n);
  });

  it('or ppm of principal', () => {
    const { penalPerDayPaise: _, ...rest } = terms;
    expect(penalPerDay({ ...rest, penalPerDayPpm: 5_000 }, 450_000n)).toBe(2_250n);
  });
});
