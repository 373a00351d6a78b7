import { addDays } from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import type { LoanOrderRow, MachineReview, MachineVerdict } from '../loan-book/index.js';
import { countBlacklistHit } from './blacklist.repository.js';
import {
  anotherCustomerWith,
  customerOf,
  deviceUsedByOthers,
  historyOf,
  insertDecision,
  insertRuleResults,
  otherOrdersIn,
  rejectedSince,
  riskDecisionOf,
} from './machine-review.repository.js';
import { evaluateRules, policyFor } from './risk-rules.js';
import type { BlacklistKind } from './risk.table.js';
import { enabledRuleSet } from './rule-sets.repository.js';
import { readRiskSettings, type RiskSettingsValues } from './settings.repository.js';

// Machine review (decision 0037): riskConfig's checks, then the published version's rules and
// thresholds. The loan book's `runMachineReview` asks it through `LoanBookDeps.machineReview`,
// in the command's transaction, and moves the order by the decision.

const OPEN_STATUSES = [
  'APPLIED',
  'MACHINE_REVIEW',
  'FIRST_REVIEW',
  'FINAL_REVIEW',
  'PENDING_DISBURSEMENT',
  'DISBURSING',
  'ACTIVE',
  'DUE',
  'OVERDUE',
  'DISBURSEMENT_FAILED',
] as const;

function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The catalogue's fields for one application: what the applicant sent, over what the book
 * knows (age from the birth date, history of earlier loans, the application itself).
 */
async function featuresOf(tx: Executor, order: LoanOrderRow) {
  const customer = await customerOf(tx, order.customerId);
  const history = await historyOf(tx, order);
  const previousLoans = history.cleared;
  const customerType: 'new' | 'old' =
    previousLoans > 0 || order.productKind === 'reloan' ? 'old' : 'new';
  const derived: Record<string, unknown> = {
    region: customer?.region || null,
    channel: customer?.channel || null,
    customerType,
    previousLoans,
    maxOverdueDaysEver: history.worst,
    productKind: order.productKind,
    principalPaise: Number(order.principalPaise),
  };
  if (customer?.birthDate) derived.age = ageOn(customer.birthDate, indiaDateOf(order.appliedAt));
  return { features: { ...derived, ...order.applicantFeatures }, customerType, customer };
}

/** riskConfig checks, in the order the decision lists them. */
async function failedChecks(
  tx: Executor,
  order: LoanOrderRow,
  context: Awaited<ReturnType<typeof featuresOf>>,
  settings: RiskSettingsValues,
  now: Date,
): Promise<string[]> {
  const failed: string[] = [];
  const { customer, features } = context;
  const deviceId = typeof features.deviceId === 'string' ? features.deviceId : null;
  if (settings.blacklistCheck && customer) {
    const candidates: { kind: BlacklistKind; value: string }[] = [
      { kind: 'phone', value: customer.phone },
      ...(customer.idNumber ? [{ kind: 'pan' as const, value: customer.idNumber }] : []),
      ...(customer.bankAccountNumber
        ? [{ kind: 'bankAccount' as const, value: customer.bankAccountNumber }]
        : []),
      ...(deviceId ? [{ kind: 'device' as const, value: deviceId }] : []),
    ];
    for (const candidate of candidates) {
      if (await countBlacklistHit(tx, candidate.kind, candidate.value))
        failed.push(`blacklist:${candidate.kind}`);
    }
  }
  if ((await otherOrdersIn(tx, order, OPEN_STATUSES)) >= settings.maxOpenLoans)
    failed.push('maxOpenLoans');
  if (settings.reapplyDaysAfterRejection > 0) {
    // India days, as the borrower app counts its wait (decision 0071): a rejection on day d
    // holds the customer back until day d + N, whatever the hour of either.
    const since = startOfIndiaDate(
      addDays(indiaDateOf(now), 1 - settings.reapplyDaysAfterRejection),
    );
    if (await rejectedSince(tx, order, since)) failed.push('reapplyTooSoon');
  }
  if (customer) {
    if (
      settings.duplicatePhoneCheck &&
      (await anotherCustomerWith(tx, customer.id, 'phone', customer.phone))
    )
      failed.push('duplicate:phone');
    if (
      settings.duplicatePanCheck &&
      customer.idNumber &&
      (await anotherCustomerWith(tx, customer.id, 'idNumber', customer.idNumber))
    )
      failed.push('duplicate:pan');
    if (
      settings.duplicateBankAccountCheck &&
      customer.bankAccountNumber &&
      (await anotherCustomerWith(tx, customer.id, 'bankAccountNumber', customer.bankAccountNumber))
    )
      failed.push('duplicate:bankAccount');
  }
  if (
    settings.duplicateDeviceCheck &&
    deviceId &&
    (await deviceUsedByOthers(tx, order.customerId, deviceId))
  )
    failed.push('duplicate:device');
  const age = typeof features.age === 'number' ? features.age : null;
  if (age !== null && (age < settings.minAge || age > settings.maxAge)) failed.push('age');
  const region = typeof features.region === 'string' ? features.region : null;
  if (settings.allowedRegions.length > 0 && (!region || !settings.allowedRegions.includes(region)))
    failed.push('region');
  return failed;
}

/**
 * Machine review's decision for one order, recorded: riskConfig's checks, then the published
 * version's rules and thresholds (for the order's product and new/old customer). A failed check
 * rejects whatever the rules say; every rule is still evaluated and recorded.
 */
export async function decideAndRecord(
  tx: Executor,
  order: LoanOrderRow,
  now: Date,
): Promise<MachineVerdict> {
  const ruleSet = await enabledRuleSet(tx);
  const settings = await readRiskSettings(tx);
  const context = await featuresOf(tx, order);
  const checksFailed = await failedChecks(tx, order, context, settings, now);
  const policy = ruleSet
    ? policyFor(ruleSet.set, order.productId, context.customerType)
    : { baseScore: 0, rejectBelow: 0, passAbove: 0 };
  const verdict = evaluateRules(ruleSet?.rules ?? [], context.features, policy);
  const decision = checksFailed.length > 0 ? 'reject' : verdict.decision;
  await insertRuleResults(tx, order.id, verdict.outcomes);
  await insertDecision(tx, {
    orderId: order.id,
    ruleSetId: ruleSet?.set.id ?? null,
    version: ruleSet?.set.version ?? null,
    score: verdict.score,
    rejectBelow: policy.rejectBelow,
    passAbove: policy.passAbove,
    decision,
    checksFailed,
    firstRefusingRuleId: verdict.firstRefusingRuleId,
    features: context.features,
    productId: order.productId,
    customerType: context.customerType,
    decidedAt: now,
  });
  return {
    version: ruleSet?.set.version ?? null,
    score: verdict.score,
    decision,
    hardFail: verdict.hardFail,
    checksFailed,
  };
}

/** Machine review as the loan book asks for it (app.ts puts it in `LoanBookDeps`). */
export const machineReview: MachineReview = {
  decide: decideAndRecord,
  decisionOf: async (db, orderId) => (await riskDecisionOf(db, orderId))?.decision ?? null,
};
