import { describe, expect, it } from 'vitest';
import { saveLoanConfigBodySchema } from '@lending/contract';
import {
  feeWithGstBelowPrincipal,
  initialFormValues,
  minimumCoolingOffDays,
  saveBodyOf,
  type LoanConfigFormValues,
} from './loan-config-form-model';
import { cash14, cash30 } from './testing/loan-config-rows';

const typed: LoanConfigFormValues = {
  ...initialFormValues(null),
  name: '  Cash 30 salaried ',
  tenorDays: '30',
  minPrincipalRupees: '4,500.50',
  maxPrincipalRupees: '1,23,456.78',
  processingFeePercent: '6.5',
  gstPercent: '18',
  interestPerDayPercent: '0.05',
  penalMode: 'rate',
  penalPerDayRupees: '20',
  penalPerDayPercent: '0.25',
  penalCapPercent: '8',
  rolloverFeePercent: '4.5',
  rolloverDays: '10',
  maxRollovers: '0',
  coolingOffDays: '5',
  allocationOrder: ['interest', 'penal', 'fee', 'gst', 'principal'],
  status: 'unavailable',
};

describe('the save body of the loan configuration form', () => {
  it('sends rupees as paise and percent as ppm, exactly, and one overdue fee only', () => {
    const body = saveBodyOf(typed, 'first', null);
    expect(body).toEqual({
      kind: 'first',
      name: 'Cash 30 salaried',
      tenorDays: 30,
      minPrincipalPaise: 450_050,
      maxPrincipalPaise: 12_345_678,
      processingFeePpm: 65_000,
      gstPpm: 180_000,
      interestPerDayPpm: 500,
      penalPerDayPaise: null,
      penalPerDayPpm: 2_500,
      penalCapPpm: 80_000,
      rolloverFeePpm: 45_000,
      rolloverDays: 10,
      maxRollovers: 0,
      allowOverdueRollover: false,
      coolingOffDays: 5,
      allocationOrder: ['interest', 'penal', 'fee', 'gst', 'principal'],
      status: 'unavailable',
    });
    expect(saveLoanConfigBodySchema.parse(body)).toEqual(body);
  });

  it('sends the fixed overdue fee instead when that is chosen, and null cooling-off when empty', () => {
    const body = saveBodyOf(
      { ...typed, penalMode: 'fixed', penalPerDayRupees: '20.5', coolingOffDays: ' ' },
      'reloan',
      null,
    );
    expect(body).toMatchObject({
      kind: 'reloan',
      penalPerDayPaise: 2_050,
      penalPerDayPpm: null,
      coolingOffDays: null,
    });
    expect(body).not.toHaveProperty('id');
    expect(saveLoanConfigBodySchema.safeParse(body).success).toBe(true);
  });

  it('editing sends the id and the version edited, and leaves the status to the server', () => {
    const body = saveBodyOf({ ...typed, status: 'available' }, 'first', cash30);
    expect(body.id).toBe(7);
    expect(body.expectedVersion).toBe(cash30.version);
    expect(body).not.toHaveProperty('status');
  });

  it.each([cash14, cash30])('an unchanged edit of $name sends its own terms back', (config) => {
    const body = saveBodyOf(initialFormValues(config), config.kind, config);
    const { version, updatedAt: _updatedAt, status: _status, ...terms } = config;
    expect(body).toEqual({ ...terms, expectedVersion: version });
  });

  it('fills the form in rupees and percent', () => {
    expect(initialFormValues(cash30)).toMatchObject({
      minPrincipalRupees: '4500.50',
      maxPrincipalRupees: '123456.78',
      processingFeePercent: '6.5',
      interestPerDayPercent: '0.05',
      penalMode: 'rate',
      penalPerDayRupees: '',
      penalPerDayPercent: '0.25',
      coolingOffDays: '5',
    });
    expect(initialFormValues(cash14)).toMatchObject({
      penalMode: 'fixed',
      penalPerDayRupees: '20.00',
      coolingOffDays: '',
      gstPercent: '18',
    });
  });
});

describe('the engine rules the form repeats', () => {
  it.each([
    [6, 1],
    [7, 3],
    [14, 3],
  ])('cooling-off minimum for %d days is %d', (tenor, min) => {
    expect(minimumCoolingOffDays(tenor)).toBe(min);
  });

  it.each([
    [70_000, 180_000, true],
    [847_457, 180_000, true],
    [847_458, 180_000, false],
    [1_000_000, 0, false],
    [999_999, 0, true],
  ])('fee %d ppm with GST %d ppm below the principal: %s', (fee, gst, below) => {
    expect(feeWithGstBelowPrincipal(fee, gst)).toBe(below);
  });
});
