import { isComponent, type Component, type LoanProductTerms } from '@lending/lending';
import { paiseFromDb, paiseToJson } from '../../shared/paise.js';

/** LoanProductTerms as stored in jsonb: the same fields, paise as decimal strings. */
export interface TermsJson {
  tenorDays: number;
  minPrincipal: string;
  maxPrincipal: string;
  processingFeePpm: number;
  gstPpm: number;
  interestPerDayPpm: number;
  penalPerDayPaise?: string;
  penalPerDayPpm?: number;
  penalCapPpm: number;
  rolloverFeePpm: number;
  rolloverDays: number;
  maxRollovers: number;
  allowOverdueRollover: boolean;
  coolingOffDays?: number;
  allocationOrder: string[];
}

export function termsToJson(terms: LoanProductTerms): TermsJson {
  return {
    tenorDays: terms.tenorDays,
    minPrincipal: paiseToJson(terms.minPrincipal),
    maxPrincipal: paiseToJson(terms.maxPrincipal),
    processingFeePpm: terms.processingFeePpm,
    gstPpm: terms.gstPpm,
    interestPerDayPpm: terms.interestPerDayPpm,
    ...(terms.penalPerDayPaise !== undefined
      ? { penalPerDayPaise: paiseToJson(terms.penalPerDayPaise) }
      : {}),
    ...(terms.penalPerDayPpm !== undefined ? { penalPerDayPpm: terms.penalPerDayPpm } : {}),
    penalCapPpm: terms.penalCapPpm,
    rolloverFeePpm: terms.rolloverFeePpm,
    rolloverDays: terms.rolloverDays,
    maxRollovers: terms.maxRollovers,
    allowOverdueRollover: terms.allowOverdueRollover,
    ...(terms.coolingOffDays !== undefined ? { coolingOffDays: terms.coolingOffDays } : {}),
    allocationOrder: [...terms.allocationOrder],
  };
}

export function termsFromJson(json: TermsJson): LoanProductTerms {
  const order = json.allocationOrder.filter(isComponent) as Component[];
  return {
    tenorDays: json.tenorDays,
    minPrincipal: paiseFromDb(json.minPrincipal),
    maxPrincipal: paiseFromDb(json.maxPrincipal),
    processingFeePpm: json.processingFeePpm,
    gstPpm: json.gstPpm,
    interestPerDayPpm: json.interestPerDayPpm,
    ...(json.penalPerDayPaise !== undefined
      ? { penalPerDayPaise: paiseFromDb(json.penalPerDayPaise) }
      : {}),
    ...(json.penalPerDayPpm !== undefined ? { penalPerDayPpm: json.penalPerDayPpm } : {}),
    penalCapPpm: json.penalCapPpm,
    rolloverFeePpm: json.rolloverFeePpm,
    rolloverDays: json.rolloverDays,
    maxRollovers: json.maxRollovers,
    allowOverdueRollover: json.allowOverdueRollover,
    ...(json.coolingOffDays !== undefined ? { coolingOffDays: json.coolingOffDays } : {}),
    allocationOrder: order,
  };
}

/** The key fact statement the borrower accepted (RBI digital lending), amounts in paise strings. */
export interface KeyFactStatementJson {
  principalPaise: string;
  processingFeePaise: string;
  gstOnFeePaise: string;
  netDisbursedPaise: string;
  totalInterestPaise: string;
  dueAmountPaise: string;
  aprPercent: string;
  tenorDays: number;
  interestPerDayPpm: number;
  penalPerDayPaise?: string;
  penalPerDayPpm?: number;
  penalCapPpm: number;
  coolingOffDays: number;
}
