import { randomBytes } from 'node:crypto';
import {
  WORKED_EXAMPLE_PRINCIPAL,
  WORKED_EXAMPLE_TERMS,
  type LoanProductTerms,
} from '@lending/lending';
import { reviewWork } from '../modules/approval/index.js';
import {
  createCustomer,
  createPayout,
  DEV_AADHAAR_HASH_KEY,
  finalReview,
  firstReview,
  recordPayoutResult,
  runMachineReview,
  saveProduct,
  submitApplication,
  type LoanBookDeps,
} from '../modules/loan-book/index.js';
import { assetClassThresholds, lockedPeriodPosting } from '../modules/ops-config/index.js';
import { machineReview, publishRuleSet } from '../modules/risk/index.js';
import type { Database } from '../plugins/db.js';
import type { Clock } from '../shared/clock.js';
import { indiaDateOf } from '../shared/india-date.js';

/**
 * Test rows for the loan book: rows from factories, not fixtures. Here, beside the test app,
 * and not in the book's folder: the book's deps carry approval's review work and risk's machine
 * review, as app.ts wires them, and the book itself imports neither module.
 */
export function loanBookDeps(db: Database, clock: Clock): LoanBookDeps {
  return {
    db,
    clock,
    aadhaarHashKey: DEV_AADHAAR_HASH_KEY,
    reviewWork,
    machineReview,
    bookSettings: { classThresholds: assetClassThresholds, lockedPeriodPosting },
  };
}

export const FIRST_REVIEWER = 101;
export const FINAL_REVIEWER = 102;

export async function makeProduct(deps: LoanBookDeps, terms: Partial<LoanProductTerms> = {}) {
  return saveProduct(
    deps.db,
    {
      kind: 'first',
      name: `Product ${randomBytes(3).toString('hex')}`,
      status: 'available',
      terms: { ...WORKED_EXAMPLE_TERMS, ...terms },
    },
    null,
    deps.clock.now(),
  );
}

let phoneSeq = 0;
export async function makeCustomer(deps: LoanBookDeps) {
  phoneSeq += 1;
  const digits = `${Date.now()}${phoneSeq}${Math.floor(Math.random() * 1e6)}`.slice(-11);
  return createCustomer(
    deps.db,
    deps.aadhaarHashKey,
    {
      name: 'Asha Verma',
      idType: 'aadhaar',
      idNumber: `2${digits}`,
      phone: `9${digits.slice(-9)}`,
      registrationDate: indiaDateOf(deps.clock.now()),
      bankName: 'State Bank of India',
      bankAccountNumber: '12345678901',
      ifsc: 'SBIN0001234',
      bankAccountVerified: true,
    },
    deps.clock.now(),
  );
}

export async function makeApplication(
  deps: LoanBookDeps,
  productId: number,
  principal = WORKED_EXAMPLE_PRINCIPAL,
  features: Record<string, unknown> = {},
  /** A further application of this borrower; a new customer when absent. */
  customerId?: number,
) {
  return submitApplication(
    deps,
    {
      customerId: customerId ?? (await makeCustomer(deps)).id,
      productId,
      principalPaise: principal,
      acceptance: {
        acceptedAt: deps.clock.now(),
        channel: 'app',
        otpReference: `otp-${randomBytes(4).toString('hex')}`,
      },
      applicantFeatures: features,
    },
    null,
  );
}

/** Application → machine review → first → final: PENDING_DISBURSEMENT. */
export async function makeApprovedOrder(
  deps: LoanBookDeps,
  productId: number,
  principal = WORKED_EXAMPLE_PRINCIPAL,
  customerId?: number,
) {
  const order = await makeApplication(deps, productId, principal, {}, customerId);
  await runMachineReview(deps, order.id);
  await firstReview(deps, { orderId: order.id, decision: 'pass' }, FIRST_REVIEWER);
  await finalReview(deps, { orderId: order.id, decision: 'pass' }, FINAL_REVIEWER);
  return order;
}

/** …and disbursed today (payout processed): ACTIVE, day 0. */
export async function makeActiveOrder(
  deps: LoanBookDeps,
  productId: number,
  principal = WORKED_EXAMPLE_PRINCIPAL,
  customerId?: number,
) {
  const order = await makeApprovedOrder(deps, productId, principal, customerId);
  const payout = await createPayout(
    deps,
    {
      orderId: order.id,
      idempotencyKey: `pay-${order.id}-${randomBytes(4).toString('hex')}`,
      channel: 'sandbox',
    },
    null,
  );
  await recordPayoutResult(deps, payout.payoutId!, { status: 'processed', utr: `UTR${order.id}` });
  return order;
}

/**
 * A published rule set of two rules: R001 bureau score below 650 (soft, 30 points: 100 → 70,
 * between reject-below 40 and pass-above 80, so refer) and R002 age below 21 (hard, reject).
 * So an applicant with bureau 800 passes, bureau 600 is referred, age 19 is rejected.
 */
export function publishBureauAndAgeRules(deps: LoanBookDeps) {
  return publishRuleSet(
    deps.db,
    {
      baseScore: 100,
      rejectBelow: 40,
      passAbove: 80,
      rules: [
        {
          ruleCode: 'R001',
          ruleName: 'Low bureau score',
          className: 'bureau',
          fieldName: 'bureauScore',
          expression: '<',
          comparisonValue: '650',
          score: 30,
          level: 'soft',
        },
        {
          ruleCode: 'R002',
          ruleName: 'Under 21',
          className: 'identity',
          fieldName: 'age',
          expression: '<',
          comparisonValue: '21',
          score: 0,
          level: 'hard',
        },
      ],
    },
    deps.clock.now(),
  );
}
