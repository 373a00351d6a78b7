import { COMPONENTS, isComponent, type Component } from './components.js';
import { applyRate, PPM_SCALE, type Paise, type Ppm } from './money.js';

/** Default repayment order (docs/domain.md): penal → fees and GST → interest → principal. */
export const DEFAULT_ALLOCATION_ORDER: readonly Component[] = [
  'penal',
  'fee',
  'gst',
  'interest',
  'principal',
];

/** What a loan product promises; every rule of the engine reads only these numbers. */
export interface LoanProductTerms {
  tenorDays: number;
  minPrincipal: Paise;
  maxPrincipal: Paise;
  /** Processing fee, deducted at disbursal (ppm of principal). */
  processingFeePpm: Ppm;
  /** GST on fees (processing, rollover); never on interest or penal charges. */
  gstPpm: Ppm;
  /** Interest per day on principal outstanding. */
  interestPerDayPpm: Ppm;
  /** Penal charge per overdue day as a fixed amount … */
  penalPerDayPaise?: Paise;
  /** … or as ppm of the disbursed principal (exactly one of the two). */
  penalPerDayPpm?: Ppm;
  /** Total penal charges over the loan's life stop at this share of the disbursed principal. */
  penalCapPpm: Ppm;
  /** Rollover fee (ppm of principal outstanding), GST added on top. */
  rolloverFeePpm: Ppm;
  rolloverDays: number;
  maxRollovers: number;
  allowOverdueRollover: boolean;
  /** Longer than the regulatory minimum if the product wants; defaults to it. */
  coolingOffDays?: number;
  allocationOrder: readonly Component[];
}

export interface TermsFieldError {
  field: keyof LoanProductTerms;
  code: 'required' | 'integer' | 'min' | 'max' | 'exclusive' | 'order';
  message: string;
}

/**
 * RBI digital-lending cooling-off: at least 3 days, or 1 day when the tenor is under 7 days.
 */
export function coolingOffDaysFor(tenorDays: number): number {
  return tenorDays < 7 ? 1 : 3;
}

export function coolingOffDays(terms: LoanProductTerms): number {
  return terms.coolingOffDays ?? coolingOffDaysFor(terms.tenorDays);
}

/** The penal charge for one overdue day. */
export function penalPerDay(terms: LoanProductTerms, principal: Paise): Paise {
  if (terms.penalPerDayPaise !== undefined) return terms.penalPerDayPaise;
  return applyRate(principal, terms.penalPerDayPpm ?? 0);
}

/** The most penal charge a loan of this principal can ever carry. */
export function penalCap(terms: LoanProductTerms, principal: Paise): Paise {
  return applyRate(principal, terms.penalCapPpm);
}

const MAX_PPM = Number(PPM_SCALE);

/** Field errors for product set-up (never throws: the terms come from an admin form). */
export function validateTerms(terms: LoanProductTerms): TermsFieldError[] {
  const errors: TermsFieldError[] = [];
  const add = (field: keyof LoanProductTerms, code: TermsFieldError['code'], message: string) =>
    errors.push({ field, code, message });

  const intRange = (field: keyof LoanProductTerms, value: unknown, min: number, max: number) => {
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      add(field, 'integer', `${field} must be a whole number`);
    } else if (value < min) add(field, 'min', `${field} must be at least ${min}`);
    else if (value > max) add(field, 'max', `${field} must be at most ${max}`);
  };
  const paiseMin = (field: keyof LoanProductTerms, value: unknown, min: bigint) => {
    if (typeof value !== 'bigint') add(field, 'required', `${field} must be an amount in paise`);
    else if (value < min) add(field, 'min', `${field} must be at least ${min} paise`);
  };

  intRange('tenorDays', terms.tenorDays, 1, 366);
  paiseMin('minPrincipal', terms.minPrincipal, 1n);
  paiseMin('maxPrincipal', terms.maxPrincipal, 1n);
  if (
    typeof terms.minPrincipal === 'bigint' &&
    typeof terms.maxPrincipal === 'bigint' &&
    terms.maxPrincipal < terms.minPrincipal
  ) {
    add('maxPrincipal', 'min', 'maxPrincipal must not be below minPrincipal');
  }
  intRange('processingFeePpm', terms.processingFeePpm, 0, MAX_PPM);
  intRange('gstPpm', terms.gstPpm, 0, MAX_PPM);
  intRange('interestPerDayPpm', terms.interestPerDayPpm, 0, MAX_PPM);
  intRange('penalCapPpm', terms.penalCapPpm, 0, MAX_PPM);
  intRange('rolloverFeePpm', terms.rolloverFeePpm, 0, MAX_PPM);
  intRange('rolloverDays', terms.rolloverDays, 1, 366);
  intRange('maxRollovers', terms.maxRollovers, 0, 100);
  if (typeof terms.allowOverdueRollover !== 'boolean') {
    add('allowOverdueRollover', 'required', 'allowOverdueRollover must be true or false');
  }

  const hasFixed = terms.penalPerDayPaise !== undefined;
  const hasRate = terms.penalPerDayPpm !== undefined;
  if (hasFixed === hasRate) {
    add('penalPerDayPaise', 'exclusive', 'set exactly one of penalPerDayPaise and penalPerDayPpm');
  } else if (hasFixed) {
    paiseMin('penalPerDayPaise', terms.penalPerDayPaise, 0n);
  } else {
    intRange('penalPerDayPpm', terms.penalPerDayPpm, 0, MAX_PPM);
  }

  if (terms.coolingOffDays !== undefined && Number.isInteger(terms.tenorDays)) {
    intRange('coolingOffDays', terms.coolingOffDays, coolingOffDaysFor(terms.tenorDays), 366);
  }

  const order = terms.allocationOrder;
  if (
    !Array.isArray(order) ||
    order.length !== COMPONENTS.length ||
    !order.every((c) => typeof c === 'string' && isComponent(c)) ||
    new Set(order).size !== COMPONENTS.length
  ) {
    add(
      'allocationOrder',
      'order',
      `allocationOrder must list each of ${COMPONENTS.join(', ')} once`,
    );
  }

  // The borrower must receive something: fee + GST on the fee stays below the principal.
  if (
    errors.length === 0 &&
    BigInt(terms.processingFeePpm) * (PPM_SCALE + BigInt(terms.gstPpm)) >= PPM_SCALE * PPM_SCALE
  ) {
    add('processingFeePpm', 'max', 'processing fee with GST must be less than the principal');
  }
  return errors;
}
