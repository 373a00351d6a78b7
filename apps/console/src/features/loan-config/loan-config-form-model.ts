import type { LoanConfig, SaveLoanConfigBody } from '@lending/contract';
import {
  paiseToRupeesText,
  percentTextToPpm,
  ppmToPercentText,
  rupeesTextToPaise,
  wholeNumberText,
} from '../../lib/units';

export type LoanProductKind = LoanConfig['kind'];
export type LoanConfigStatus = LoanConfig['status'];
export type RepaymentComponent = LoanConfig['allocationOrder'][number];
export type PenalMode = 'fixed' | 'rate';

/** docs/domain.md: penal → fees and GST → interest → principal (the server's default too). */
export const DEFAULT_ALLOCATION_ORDER: readonly RepaymentComponent[] = [
  'penal',
  'fee',
  'gst',
  'interest',
  'principal',
];

/** What the form holds: every figure as the text staff typed (rupees, percent, days). */
export interface LoanConfigFormValues {
  name: string;
  tenorDays: string;
  minPrincipalRupees: string;
  maxPrincipalRupees: string;
  processingFeePercent: string;
  gstPercent: string;
  interestPerDayPercent: string;
  penalMode: PenalMode;
  penalPerDayRupees: string;
  penalPerDayPercent: string;
  penalCapPercent: string;
  rolloverFeePercent: string;
  rolloverDays: string;
  maxRollovers: string;
  allowOverdueRollover: boolean;
  /** Empty: the regulatory minimum for the period. */
  coolingOffDays: string;
  allocationOrder: RepaymentComponent[];
  status: LoanConfigStatus;
}

/**
 * The limits of `loanConfigTermsSchema` and the engine's `validateTerms`, in the units the
 * form shows; the form checks them before the server does.
 */
export const LIMITS = {
  nameMaxLength: 100,
  days: { min: 1, max: 366 },
  maxRollovers: { min: 0, max: 100 },
  /** A rate is at most 100 % (1,000,000 ppm). */
  maxPpm: 1_000_000,
  minPrincipalPaise: 1,
} as const;

/** RBI digital-lending cooling-off: at least 3 days, or 1 day when the period is under 7 days. */
export function minimumCoolingOffDays(tenorDays: number): number {
  return tenorDays < 7 ? 1 : 3;
}

/**
 * The borrower must receive something: the service fee plus GST on it stays below the
 * principal, i.e. fee × (1 + GST) < 100 % (the engine's rule, in integer ppm arithmetic).
 */
export function feeWithGstBelowPrincipal(processingFeePpm: number, gstPpm: number): boolean {
  return BigInt(processingFeePpm) * (1_000_000n + BigInt(gstPpm)) < 1_000_000n * 1_000_000n;
}

export function initialFormValues(config: LoanConfig | null): LoanConfigFormValues {
  if (!config) {
    return {
      name: '',
      tenorDays: '',
      minPrincipalRupees: '',
      maxPrincipalRupees: '',
      processingFeePercent: '',
      gstPercent: '18',
      interestPerDayPercent: '',
      penalMode: 'fixed',
      penalPerDayRupees: '',
      penalPerDayPercent: '',
      penalCapPercent: '',
      rolloverFeePercent: '',
      rolloverDays: '',
      maxRollovers: '',
      allowOverdueRollover: false,
      coolingOffDays: '',
      allocationOrder: [...DEFAULT_ALLOCATION_ORDER],
      status: 'available',
    };
  }
  return {
    name: config.name,
    tenorDays: String(config.tenorDays),
    minPrincipalRupees: paiseToRupeesText(config.minPrincipalPaise),
    maxPrincipalRupees: paiseToRupeesText(config.maxPrincipalPaise),
    processingFeePercent: ppmToPercentText(config.processingFeePpm),
    gstPercent: ppmToPercentText(config.gstPpm),
    interestPerDayPercent: ppmToPercentText(config.interestPerDayPpm),
    penalMode: config.penalPerDayPaise !== null ? 'fixed' : 'rate',
    penalPerDayRupees:
      config.penalPerDayPaise !== null ? paiseToRupeesText(config.penalPerDayPaise) : '',
    penalPerDayPercent:
      config.penalPerDayPpm !== null ? ppmToPercentText(config.penalPerDayPpm) : '',
    penalCapPercent: ppmToPercentText(config.penalCapPpm),
    rolloverFeePercent: ppmToPercentText(config.rolloverFeePpm),
    rolloverDays: String(config.rolloverDays),
    maxRollovers: String(config.maxRollovers),
    allowOverdueRollover: config.allowOverdueRollover,
    coolingOffDays: config.coolingOffDays === null ? '' : String(config.coolingOffDays),
    allocationOrder: [...config.allocationOrder],
    status: config.status,
  };
}

function must<T>(value: T | null, field: string): T {
  if (value === null) throw new RangeError(`${field} was not validated`);
  return value;
}

/**
 * The save body of validated form values. The overdue fee is sent as exactly one of
 * `penalPerDayPaise` and `penalPerDayPpm`, the other `null`. Editing sends `id` (the server
 * then saves a new version) and the version it edits (a save over someone else's newer version
 * is refused), and no status: the server keeps the product's current one, and a status change
 * goes through the confirmed enable/disable action only.
 */
export function saveBodyOf(
  values: LoanConfigFormValues,
  kind: LoanProductKind,
  editing: LoanConfig | null,
): SaveLoanConfigBody {
  const fixed = values.penalMode === 'fixed';
  return {
    ...(editing ? { id: editing.id, expectedVersion: editing.version } : {}),
    kind,
    name: values.name.trim(),
    tenorDays: must(wholeNumberText(values.tenorDays), 'tenorDays'),
    minPrincipalPaise: must(rupeesTextToPaise(values.minPrincipalRupees), 'minPrincipal'),
    maxPrincipalPaise: must(rupeesTextToPaise(values.maxPrincipalRupees), 'maxPrincipal'),
    processingFeePpm: must(percentTextToPpm(values.processingFeePercent), 'processingFee'),
    gstPpm: must(percentTextToPpm(values.gstPercent), 'gst'),
    interestPerDayPpm: must(percentTextToPpm(values.interestPerDayPercent), 'interestPerDay'),
    penalPerDayPaise: fixed ? must(rupeesTextToPaise(values.penalPerDayRupees), 'penal') : null,
    penalPerDayPpm: fixed ? null : must(percentTextToPpm(values.penalPerDayPercent), 'penal'),
    penalCapPpm: must(percentTextToPpm(values.penalCapPercent), 'penalCap'),
    rolloverFeePpm: must(percentTextToPpm(values.rolloverFeePercent), 'rolloverFee'),
    rolloverDays: must(wholeNumberText(values.rolloverDays), 'rolloverDays'),
    maxRollovers: must(wholeNumberText(values.maxRollovers), 'maxRollovers'),
    allowOverdueRollover: values.allowOverdueRollover,
    coolingOffDays:
      values.coolingOffDays.trim() === ''
        ? null
        : must(wholeNumberText(values.coolingOffDays), 'coolingOffDays'),
    allocationOrder: [...values.allocationOrder],
    ...(editing ? {} : { status: values.status }),
  };
}

/** The form field a server field error points at (the server names the API's fields). */
export const formFieldOfApiField: Partial<Record<string, keyof LoanConfigFormValues>> = {
  name: 'name',
  tenorDays: 'tenorDays',
  minPrincipalPaise: 'minPrincipalRupees',
  maxPrincipalPaise: 'maxPrincipalRupees',
  processingFeePpm: 'processingFeePercent',
  gstPpm: 'gstPercent',
  interestPerDayPpm: 'interestPerDayPercent',
  penalPerDayPaise: 'penalPerDayRupees',
  penalPerDayPpm: 'penalPerDayPercent',
  penalCapPpm: 'penalCapPercent',
  rolloverFeePpm: 'rolloverFeePercent',
  rolloverDays: 'rolloverDays',
  maxRollovers: 'maxRollovers',
  coolingOffDays: 'coolingOffDays',
  allocationOrder: 'allocationOrder',
};
