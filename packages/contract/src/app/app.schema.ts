import { z } from 'zod';
import { idSchema } from '../common/fields.js';
import { indiaDateSchema, paiseSchema, positivePaiseSchema } from '../common/money.js';
import { closureTypeSchema, orderStatusSchema } from '../loan-book/loan-book.schema.js';

/**
 * Indian rules (docs/domain.md): mobile `[6-9][0-9]{9}` after +91; PAN `[A-Z]{5}[0-9]{4}[A-Z]`;
 * IFSC `[A-Z]{4}0[A-Z0-9]{6}`; Aadhaar 12 digits (stored only as last 4 + keyed hash).
 */
export const INDIAN_MOBILE_PATTERN = /^[6-9][0-9]{9}$/;
export const PAN_NUMBER_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const IFSC_CODE_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const AADHAAR_NUMBER_PATTERN = /^[2-9][0-9]{11}$/;

/**
 * What a caller may send for each of these, before the API normalises it: the patterns the
 * documents show (a pipe's JSON Schema is its input side, which has none of its own). Each
 * accepts exactly what its schema accepts, ASCII letters and digits concerned (a test holds
 * them to it); `[\s-]*` between the characters are the spaces and dashes the API removes.
 */
export const INDIAN_MOBILE_INPUT_PATTERN =
  /^[\s-]*(?:(?:\+[\s-]*9[\s-]*1|9[\s-]*1|0)[\s-]*)?[6-9](?:[\s-]*[0-9]){9}[\s-]*$/;
export const PAN_INPUT_PATTERN = /^\s*[A-Za-z]{5}[0-9]{4}[A-Za-z]\s*$/;
export const IFSC_INPUT_PATTERN = /^\s*[A-Za-z]{4}0[A-Za-z0-9]{6}\s*$/;
export const AADHAAR_INPUT_PATTERN = /^[\s-]*[2-9](?:[\s-]*[0-9]){11}[\s-]*$/;

/** The app may send `+91 98765 43210` or `09876543210`; the API keeps the 10 digits. */
export const indianMobileSchema = z
  .string()
  .max(20)
  .transform((value) => value.replace(/[\s-]/g, '').replace(/^(\+91|91|0)(?=\d{10}$)/, ''))
  .pipe(
    z
      .string()
      .regex(INDIAN_MOBILE_PATTERN, 'not an Indian mobile number (+91, 10 digits from 6-9)'),
  )
  .meta({
    pattern: INDIAN_MOBILE_INPUT_PATTERN.source,
    description:
      'An Indian mobile number: 10 digits from 6-9, optionally after +91, 91 or 0; spaces and dashes are ignored. Kept as the 10 digits.',
  });

export const otpCodeSchema = z.string().regex(/^[0-9]{6}$/, '6 digits');
export const otpPurposeSchema = z.enum(['login', 'loanAcceptance']);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;

export const sendOtpBodySchema = z.strictObject({
  phone: indianMobileSchema,
  purpose: otpPurposeSchema.default('login'),
});
export const sendOtpRetSchema = z.object({
  /** Quote this when reporting a problem; the code itself goes only by SMS. */
  requestId: z.int(),
  expiresInSeconds: z.int(),
  resendAfterSeconds: z.int(),
});

export const verifyOtpBodySchema = z.strictObject({
  phone: indianMobileSchema,
  code: otpCodeSchema,
  /** Acquisition channel recorded at registration (an app store, a partner…). */
  channel: z.string().trim().min(1).max(50).optional(),
});
export const verifyOtpRetSchema = z.object({
  token: z.string(),
  borrowerId: z.int(),
  newlyRegistered: z.boolean(),
  profileComplete: z.boolean(),
  bankAccountSaved: z.boolean(),
});

export const saveProfileBodySchema = z.strictObject({
  name: z.string().trim().min(2).max(100),
  birthDate: indiaDateSchema,
  region: z.string().trim().min(1).max(100),
  occupation: z.string().trim().min(1).max(100),
  monthlyIncomePaise: paiseSchema,
  pan: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(PAN_NUMBER_PATTERN, 'not a PAN (AAAAA9999A)'))
    .meta({
      pattern: PAN_INPUT_PATTERN.source,
      description: 'A PAN, AAAAA9999A (letters in either case). Kept in capitals.',
    }),
  aadhaar: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(AADHAAR_NUMBER_PATTERN, 'not an Aadhaar number (12 digits)'))
    .meta({
      pattern: AADHAAR_INPUT_PATTERN.source,
      description:
        'An Aadhaar number: 12 digits, the first from 2-9; spaces and dashes are ignored. Only its last 4 digits and a keyed hash are kept.',
    }),
});
export type SaveProfileBody = z.input<typeof saveProfileBodySchema>;

export const borrowerProfileSchema = z.object({
  borrowerId: z.int(),
  phone: z.string(),
  registrationDate: indiaDateSchema,
  channel: z.string(),
  customerId: z.int().nullable(),
  name: z.string().nullable(),
  birthDate: indiaDateSchema.nullable(),
  region: z.string().nullable(),
  occupation: z.string().nullable(),
  monthlyIncomePaise: paiseSchema.nullable(),
  /** PAN masked except its last 4 characters. */
  panMasked: z.string().nullable(),
  /** Only the last 4 digits, ever. */
  aadhaarLast4: z.string().nullable(),
  bankAccount: z
    .object({
      bankName: z.string(),
      accountNumberMasked: z.string(),
      ifsc: z.string(),
      verification: z.enum(['pending', 'verified', 'failed']),
    })
    .nullable(),
});
export type BorrowerProfile = z.infer<typeof borrowerProfileSchema>;

export const saveBankBodySchema = z.strictObject({
  bankName: z.string().trim().min(2).max(100),
  accountNumber: z.string().regex(/^[0-9]{9,18}$/, '9 to 18 digits'),
  ifsc: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(IFSC_CODE_PATTERN, 'not an IFSC (AAAA0XXXXXX)'))
    .meta({
      pattern: IFSC_INPUT_PATTERN.source,
      description: 'An IFSC, AAAA0XXXXXX (letters in either case). Kept in capitals.',
    }),
});

export const appProductSchema = z.object({
  productId: z.int(),
  name: z.string(),
  kind: z.enum(['first', 'reloan']),
  minPrincipalPaise: paiseSchema,
  maxPrincipalPaise: paiseSchema,
  tenorDays: z.int(),
  interestPerDayPpm: z.int(),
  processingFeePpm: z.int(),
});
export const appProductsRetSchema = z.object({
  /** First loans until the borrower has cleared one, re-loans after. */
  kind: z.enum(['first', 'reloan']),
  list: z.array(appProductSchema),
});

export const loanQuoteBodySchema = z.strictObject({
  productId: idSchema,
  principalPaise: positivePaiseSchema,
});
/** The key fact statement (RBI): every charge and the all-inclusive APR, before the loan. */
export const keyFactStatementSchema = z.object({
  productId: z.int(),
  principalPaise: paiseSchema,
  processingFeePaise: paiseSchema,
  gstOnFeePaise: paiseSchema,
  netDisbursedPaise: paiseSchema,
  totalInterestPaise: paiseSchema,
  dueAmountPaise: paiseSchema,
  tenorDays: z.int(),
  /** If disbursed today. */
  dueDate: indiaDateSchema,
  /** Two decimals, e.g. '274.53'. */
  aprPercent: z.string(),
  interestPerDayPpm: z.int(),
  penalPerDayPaise: paiseSchema.nullable(),
  penalPerDayPpm: z.int().nullable(),
  penalCapPpm: z.int(),
  coolingOffDays: z.int(),
});
export type KeyFactStatement = z.infer<typeof keyFactStatementSchema>;

export const applyLoanBodySchema = z.strictObject({
  productId: idSchema,
  principalPaise: positivePaiseSchema,
  /** The code sent with purpose `loanAcceptance`: the borrower accepts the key fact statement. */
  otpCode: otpCodeSchema,
});
export const applyLoanRetSchema = z.object({
  orderId: z.int(),
  orderNo: z.string(),
  status: orderStatusSchema,
});

export const appLoanSchema = z.object({
  orderId: z.int(),
  orderNo: z.string(),
  status: orderStatusSchema,
  closureType: closureTypeSchema.nullable(),
  principalPaise: paiseSchema,
  netDisbursedPaise: paiseSchema,
  dueAmountPaise: paiseSchema,
  appliedAt: z.string(),
  disbursalDate: indiaDateSchema.nullable(),
  dueDate: indiaDateSchema.nullable(),
  overdueDays: z.int(),
  /** What clears the loan if paid today (0 when nothing is owed). */
  amountToClearTodayPaise: paiseSchema,
  /**
   * Approved for less than applied for: the amounts above are the recomputed key fact
   * statement, which the borrower accepts (`/loan/accept_revised`) before the payout.
   */
  awaitingAcceptance: z.boolean(),
});
export const acceptRevisedLoanBodySchema = z.strictObject({
  orderId: idSchema,
  /** The code sent with purpose `loanAcceptance`. */
  otpCode: otpCodeSchema,
});

export const appLoanListRetSchema = z.object({ list: z.array(appLoanSchema) });

export const orderOnlyBodySchema = z.strictObject({ orderId: idSchema });

export const repayInstructionsSchema = z.object({
  orderId: z.int(),
  amountToClearTodayPaise: paiseSchema,
  beneficiaryName: z.string(),
  virtualAccount: z.object({ accountNumber: z.string(), ifsc: z.string() }),
  upiId: z.string(),
});

export const rolloverQuoteSchema = z.object({
  orderId: z.int(),
  available: z.boolean(),
  /** Why not, when unavailable (e.g. MAX_ROLLOVERS_REACHED). */
  reason: z.string().nullable(),
  interestPaise: paiseSchema,
  feePaise: paiseSchema,
  gstPaise: paiseSchema,
  penalPaise: paiseSchema,
  totalPaise: paiseSchema,
  newDueDate: indiaDateSchema.nullable(),
  rolloverNumber: z.int().nullable(),
});

export const coolingOffQuoteSchema = z.object({
  orderId: z.int(),
  available: z.boolean(),
  reason: z.string().nullable(),
  daysUsed: z.int(),
  /** The last India date the exit is open. */
  lastDate: indiaDateSchema.nullable(),
  principalPaise: paiseSchema,
  interestPaise: paiseSchema,
  feesPaise: paiseSchema,
  amountPaise: paiseSchema,
});

/**
 * Where and how much to pay for a rollover or a cooling-off exit: a credit of exactly
 * `amountPaise` to this virtual account or UPI id on `payOn` pays it; any other credit is a
 * plain repayment.
 */
export const paymentRequestSchema = z.object({
  requestId: z.int(),
  orderId: z.int(),
  purpose: z.enum(['rollover', 'cooling_off_exit']),
  amountPaise: paiseSchema,
  /** The India date the amount holds for (interest accrues daily). */
  payOn: indiaDateSchema,
  beneficiaryName: z.string(),
  virtualAccount: z.object({ accountNumber: z.string(), ifsc: z.string() }),
  upiId: z.string(),
});

export const emptyAppBodySchema = z.strictObject({}).optional();
export const emptyRetSchema = z.object({});

/** The borrower API's base path: the lender's mobile app calls it (never the console). */
export const APP_API_BASE = '/app-api';
/** The borrower session token travels only in this header. */
export const APP_TOKEN_HEADER = 'X-App-Token';
