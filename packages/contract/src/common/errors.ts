/**
 * The ended-session code, which the console's request client branches on. A constant of its
 * own, so that the console's first load does not carry the whole catalogue for it.
 */
export const SESSION_ENDED_CODE = 4005;

/**
 * The stable catalogue of response codes. `code` is what callers branch on; `status` is the
 * HTTP class (docs/product.md §8); the message text lives in messages.ts under the same key.
 * Codes are never reused or renumbered once released.
 */
export const errorCatalogue = {
  ok: { code: 0, status: 200 },
  validationFailed: { code: 4000, status: 400 },
  malformedJson: { code: 4001, status: 400 },
  unsupportedMediaType: { code: 4002, status: 415 },
  forbidden: { code: 4003, status: 403 },
  notFound: { code: 4004, status: 404 },
  /** Ends the session in the console (docs/product.md §8): missing, expired or revoked token. */
  sessionEnded: { code: SESSION_ENDED_CODE, status: 401 },
  invalidCredentials: { code: 4010, status: 401 },
  loginThrottled: { code: 4011, status: 429 },
  accountDisabled: { code: 4012, status: 403 },
  wrongOldPassword: { code: 4013, status: 400 },
  weakPassword: { code: 4014, status: 400 },
  passwordsNotConsistent: { code: 4015, status: 400 },
  passwordSameAsEmail: { code: 4016, status: 400 },
  passwordUnchanged: { code: 4017, status: 400 },
  /** Sign-in attempts after failures come too soon: wait the seconds in the message. */
  loginSlowed: { code: 4018, status: 429 },
  bodyTooLarge: { code: 4130, status: 413 },
  conflict: { code: 4090, status: 409 },
  duplicate: { code: 4091, status: 409 },
  /** The order's status refuses the command (the message names the status). */
  orderStateConflict: { code: 4092, status: 409 },
  sameReviewer: { code: 4093, status: 409 },
  rolloverLimitReached: { code: 4094, status: 409 },
  coolingOffWindowClosed: { code: 4095, status: 409 },
  /** An idempotency key reused with a different request. */
  idempotencyKeyReused: { code: 4096, status: 409 },
  amountNotAllowed: { code: 4097, status: 409 },
  rolloverNotAllowed: { code: 4098, status: 409 },
  repaymentAlreadyReversed: { code: 4099, status: 409 },
  /** Maker-checker: the person who recorded or asked for it cannot also approve it. */
  sameMakerChecker: { code: 4120, status: 409 },
  /** A record already decided (approved or refused) cannot be decided again. */
  alreadyReviewed: { code: 4121, status: 409 },
  /** Granting a menu, interface or role the caller does not hold (no self-escalation). */
  grantNotHeld: { code: 4031, status: 403 },
  /** Collection: the case is not dispatched to the caller (or their group's pool). */
  caseOutOfScope: { code: 4033, status: 403 },
  /** Managing an account whose grants exceed the caller's own. */
  accountBeyondGrants: { code: 4032, status: 403 },
  /** `admin` and other system roles cannot be renamed, stripped or deleted. */
  /** Collection conduct guard (RBI fair practices): outside 08:00–19:00 India time, or over the daily attempt cap. */
  contactOutsideHours: { code: 4110, status: 409 },
  contactCapReached: { code: 4111, status: 409 },
  /** Telemarketing: the user on the call list is not assigned to the caller. */
  leadOutOfScope: { code: 4034, status: 403 },
  /** Telemarketing calls only between 08:00 and 19:00 India time (the recovery contact hours). */
  callOutsideHours: { code: 4112, status: 409 },
  /** Leads can be assigned only to an enabled account whose role records telemarketing calls. */
  notTelemarketer: { code: 4113, status: 409 },
  systemRoleLocked: { code: 4100, status: 409 },
  roleInUse: { code: 4101, status: 409 },
  cannotDeleteSelf: { code: 4102, status: 409 },
  /** Coupons: a sent coupon past its last day, already used, or not for this loan. */
  couponExpired: { code: 4140, status: 409 },
  couponAlreadyUsed: { code: 4141, status: 409 },
  couponNotApplicable: { code: 4142, status: 409 },
  /** A coupon made unavailable, or past its last sending day, cannot be sent. */
  couponUnavailable: { code: 4143, status: 409 },
  /** A coupon already sent cannot be edited or deleted (disable it instead). */
  couponAlreadySent: { code: 4144, status: 409 },
  /** Fewer coupons remain than the audience holds. */
  couponStockExhausted: { code: 4145, status: 409 },
  /** Borrower app (/app-api): one-time passwords. */
  otpIncorrect: { code: 4200, status: 400 },
  otpExpired: { code: 4201, status: 400 },
  otpAttemptsExceeded: { code: 4202, status: 429 },
  otpThrottled: { code: 4203, status: 429 },
  /** The borrower must finish an earlier step (profile, bank account) first. */
  borrowerStepMissing: { code: 4204, status: 409 },
  /** A gateway webhook with a bad signature, or signed outside the timestamp window. */
  webhookRejected: { code: 4206, status: 401 },
  /** Marketing SMS (TRAI): promotional messages only 10:00–21:00 India time. */
  promotionalOutsideHours: { code: 4150, status: 409 },
  /** Marketing SMS: every number of the audience opted out, is blacklisted, or none was named. */
  campaignAudienceEmpty: { code: 4151, status: 409 },
  /** Marketing SMS: a completed or cancelled campaign cannot be cancelled. */
  campaignNotCancellable: { code: 4152, status: 409 },
  /**
   * Verification calls before approval (decision 0078): the order is no longer waiting for
   * manual review; the call is outside the calling hours; the order is not in the reviewer's work.
   */
  verificationNotInReview: { code: 4170, status: 409 },
  verificationOutsideHours: { code: 4171, status: 409 },
  verificationOutOfScope: { code: 4172, status: 403 },
  /** Wallets and invitations (decision 0043). */
  walletBalanceTooLow: { code: 4160, status: 409 },
  walletBelowMinimum: { code: 4161, status: 400 },
  walletDailyCapReached: { code: 4162, status: 409 },
  walletBankNotVerified: { code: 4163, status: 409 },
  inviteCodeUnknown: { code: 4164, status: 400 },
  inviteNotAllowed: { code: 4165, status: 409 },
  /** A waiver to approve waives another sum than the checker saw (a settlement accrued): look again. */
  waiverAmountChanged: { code: 4190, status: 409 },
  /** A write-off to approve writes off another sum than the checker saw (it accrued): look again. */
  writeOffAmountChanged: { code: 4191, status: 409 },
  /**
   * A waiver or write-off to approve or reject lapsed: its order was repaid, rolled over,
   * written off or otherwise stopped qualifying while it waited (decision 0054).
   */
  requestLapsed: { code: 4192, status: 409 },
  /** Telemarketing: the number had the day's cap of calls (decision 0063); again the next India day. */
  callCapReached: { code: 4193, status: 409 },
  /**
   * Telemarketing: the number opted out of marketing (a STOP reply, the DND registry, or a
   * request to staff): it is never called (decision 0068).
   */
  callOptedOut: { code: 4197, status: 409 },
  /**
   * Marketing SMS to rows selected on a list screen: a row is unknown or no longer on the list
   * (it applied since the page was read); the field names it (decision 0067).
   */
  selectedNotOnList: { code: 4194, status: 400 },
  /**
   * SMS gateway settings (decision 0079): a provider the contract names but no adapter is
   * built for (gupshup, kaleyra) cannot be chosen.
   */
  smsProviderNotBuilt: { code: 4175, status: 400 },
  /** This server sends SMS only through the sandbox (SMS_GATEWAY=sandbox): no live provider. */
  smsLiveProvidersOff: { code: 4176, status: 409 },
  /** The SMS gateway in force refused the message or did not answer: nothing was sent. */
  smsNotSent: { code: 4177, status: 503 },
  /** A template's sender id is not among the SMS configuration's sender ids. */
  smsSenderIdNotConfigured: { code: 4178, status: 400 },
  /** A sender id removed from the SMS configuration is still used by an enabled template. */
  smsSenderIdInUse: { code: 4179, status: 409 },
  /**
   * Month locks (finance): a month cannot be locked before every day of it is closed by the
   * day-end, nor again once the ledger is locked through it (a lock is permanent).
   */
  monthNotClosed: { code: 4185, status: 409 },
  monthAlreadyLocked: { code: 4186, status: 409 },
  rateLimited: { code: 4290, status: 429 },
  internal: { code: 5000, status: 500 },
  /** A payment gateway (virtual accounts) did not answer or refused: try again later. */
  gatewayUnavailable: { code: 5030, status: 503 },
} as const;

export type ErrorKey = keyof typeof errorCatalogue;
export type ErrorCode = (typeof errorCatalogue)[ErrorKey]['code'];

export function errorKeyOfCode(code: number): ErrorKey | undefined {
  return (Object.keys(errorCatalogue) as ErrorKey[]).find((k) => errorCatalogue[k].code === code);
}
