import { defineEndpoint, type EndpointDefinition } from '../endpoint.js';
import { appClientConfig, appVersionCheck } from '../ops-config/ops-config-app.endpoints.js';
import { appWalletEndpoints } from '../wallet/wallet-app.endpoints.js';
import { appApplyCoupon, appCouponList } from '../coupon/coupon.endpoints.js';
import {
  appLoanListRetSchema,
  appProductsRetSchema,
  acceptRevisedLoanBodySchema,
  applyLoanBodySchema,
  applyLoanRetSchema,
  borrowerProfileSchema,
  coolingOffQuoteSchema,
  emptyAppBodySchema,
  emptyRetSchema,
  keyFactStatementSchema,
  loanQuoteBodySchema,
  orderOnlyBodySchema,
  paymentRequestSchema,
  repayInstructionsSchema,
  rolloverQuoteSchema,
  saveBankBodySchema,
  saveProfileBodySchema,
  sendOtpBodySchema,
  sendOtpRetSchema,
  verifyOtpBodySchema,
  verifyOtpRetSchema,
} from './app.schema.js';

/*
 * Borrower endpoints reuse the admin contract's shape. `public` needs nothing; `session`
 * needs a borrower session (X-App-Token). They are not in `adminEndpoints`: no staff role
 * can be granted them and the admin permission matrix does not list them.
 */

export const appSendOtp = defineEndpoint({
  id: 'app.auth.send_otp',
  method: 'POST',
  summary: 'Send a 6-digit code by SMS (sign-in/registration, or accepting a loan)',
  access: 'public',
  mutates: true,
  errors: ['conflict', 'otpThrottled', 'smsNotSent'],
  body: sendOtpBodySchema,
  query: undefined,
  ret: sendOtpRetSchema,
});

export const appVerifyOtp = defineEndpoint({
  id: 'app.auth.verify_otp',
  method: 'POST',
  summary: 'Verify the code: registers the borrower on first use, returns a session token',
  access: 'public',
  mutates: true,
  errors: ['otpAttemptsExceeded', 'otpExpired', 'otpIncorrect'],
  body: verifyOtpBodySchema,
  query: undefined,
  ret: verifyOtpRetSchema,
});

export const appLogout = defineEndpoint({
  id: 'app.auth.logout',
  method: 'POST',
  summary: 'End the borrower session',
  access: 'session',
  mutates: true,
  body: emptyAppBodySchema,
  query: undefined,
  ret: emptyRetSchema,
});

export const appProfile = defineEndpoint({
  id: 'app.profile.get',
  method: 'POST',
  summary: "The borrower's profile, KYC (masked) and bank account",
  access: 'session',
  mutates: false,
  body: emptyAppBodySchema,
  query: undefined,
  ret: borrowerProfileSchema,
});

export const appSaveProfile = defineEndpoint({
  id: 'app.profile.save',
  method: 'POST',
  summary: 'Save the profile and KYC (PAN; Aadhaar kept only as last 4 digits + keyed hash)',
  access: 'session',
  mutates: true,
  errors: ['conflict', 'duplicate'],
  body: saveProfileBodySchema,
  query: undefined,
  ret: borrowerProfileSchema,
});

export const appSaveBank = defineEndpoint({
  id: 'app.bank.save',
  method: 'POST',
  summary: 'Save the bank account for disbursal (verification pending until a penny drop)',
  access: 'session',
  mutates: true,
  errors: ['borrowerStepMissing'],
  body: saveBankBodySchema,
  query: undefined,
  ret: borrowerProfileSchema,
});

export const appLoanProducts = defineEndpoint({
  id: 'app.loan.products',
  method: 'POST',
  summary: 'Products the borrower may apply for (first loan or re-loan)',
  access: 'session',
  mutates: false,
  body: emptyAppBodySchema,
  query: undefined,
  ret: appProductsRetSchema,
});

export const appLoanQuote = defineEndpoint({
  id: 'app.loan.quote',
  method: 'POST',
  summary: 'Key fact statement for a product and amount: charges, net disbursed, due, APR',
  access: 'session',
  mutates: false,
  errors: ['notFound'],
  body: loanQuoteBodySchema,
  query: undefined,
  ret: keyFactStatementSchema,
});

export const appApplyLoan = defineEndpoint({
  id: 'app.loan.apply',
  method: 'POST',
  summary: 'Apply: accept the key fact statement with the OTP; the order goes to machine review',
  access: 'session',
  mutates: true,
  errors: [
    'borrowerStepMissing',
    'conflict',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
    'otpAttemptsExceeded',
    'otpExpired',
    'otpIncorrect',
  ],
  body: applyLoanBodySchema,
  query: undefined,
  ret: applyLoanRetSchema,
});

export const appAcceptRevisedLoan = defineEndpoint({
  id: 'app.loan.accept_revised',
  method: 'POST',
  summary:
    'Accept, with the OTP, the key fact statement of an amount the review lowered; the payout waits for it',
  access: 'session',
  mutates: true,
  errors: [
    'borrowerStepMissing',
    'conflict',
    'idempotencyKeyReused',
    'notFound',
    'orderStateConflict',
    'otpAttemptsExceeded',
    'otpExpired',
    'otpIncorrect',
  ],
  body: acceptRevisedLoanBodySchema,
  query: undefined,
  ret: applyLoanRetSchema,
});

export const appLoanList = defineEndpoint({
  id: 'app.loan.list',
  method: 'POST',
  summary: "The borrower's loans with what clears each today",
  access: 'session',
  mutates: false,
  body: emptyAppBodySchema,
  query: undefined,
  ret: appLoanListRetSchema,
});

export const appRepayInstructions = defineEndpoint({
  id: 'app.repay.instructions',
  method: 'POST',
  summary: "Where to pay: the borrower's virtual account (number + IFSC) and UPI id",
  access: 'session',
  mutates: true,
  errors: ['borrowerStepMissing', 'gatewayUnavailable', 'notFound'],
  body: orderOnlyBodySchema,
  query: undefined,
  ret: repayInstructionsSchema,
});

export const appRolloverQuote = defineEndpoint({
  id: 'app.loan.rollover_quote',
  method: 'POST',
  summary: 'What renewing costs today (interest to date + fee + GST, + penal if overdue)',
  access: 'session',
  mutates: false,
  errors: ['borrowerStepMissing', 'notFound'],
  body: orderOnlyBodySchema,
  query: undefined,
  ret: rolloverQuoteSchema,
});

export const appCoolingOffQuote = defineEndpoint({
  id: 'app.loan.cooling_off_quote',
  method: 'POST',
  summary:
    'What exiting in the cooling-off period costs today (principal + interest for days used)',
  access: 'session',
  mutates: false,
  errors: ['borrowerStepMissing', 'notFound'],
  body: orderOnlyBodySchema,
  query: undefined,
  ret: coolingOffQuoteSchema,
});

export const appRollover = defineEndpoint({
  id: 'app.loan.rollover',
  method: 'POST',
  summary: "Renew: today's rollover price and where to pay it (the credit renews the loan)",
  access: 'session',
  mutates: true,
  errors: [
    'borrowerStepMissing',
    'gatewayUnavailable',
    'notFound',
    'orderStateConflict',
    'rolloverLimitReached',
    'rolloverNotAllowed',
  ],
  body: orderOnlyBodySchema,
  query: undefined,
  ret: paymentRequestSchema,
});

export const appCoolingOffExit = defineEndpoint({
  id: 'app.loan.cooling_off_exit',
  method: 'POST',
  summary:
    "Exit in the cooling-off period: today's exit amount and where to pay it (the credit closes the loan)",
  access: 'session',
  mutates: true,
  errors: [
    'borrowerStepMissing',
    'coolingOffWindowClosed',
    'gatewayUnavailable',
    'notFound',
    'orderStateConflict',
  ],
  body: orderOnlyBodySchema,
  query: undefined,
  ret: paymentRequestSchema,
});

/** Every borrower API endpoint; its OpenAPI document (/app-api/docs) derives from it. */
export const appEndpoints: readonly EndpointDefinition[] = [
  appSendOtp,
  appVerifyOtp,
  appLogout,
  appProfile,
  appSaveProfile,
  appSaveBank,
  appLoanProducts,
  appLoanQuote,
  appApplyLoan,
  appAcceptRevisedLoan,
  appLoanList,
  appRepayInstructions,
  appRolloverQuote,
  appCoolingOffQuote,
  appRollover,
  appCoolingOffExit,
  appClientConfig,
  appVersionCheck,
  ...appWalletEndpoints,
  appCouponList,
  appApplyCoupon,
];
