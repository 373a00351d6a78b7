import type { Executor } from '../../plugins/db.js';

/** A message as handed to a gateway: the registered template it is sent with, filled in. */
export interface OutgoingSms {
  /** A 10-digit Indian mobile number. */
  phone: string;
  /** Our template code (`otp_login_v1`). */
  templateId: string;
  /** The template's DLT content template id (19 digits), as registered with the operator. */
  dltTemplateId: string;
  /** The template's DLT header (sender id): 6 capital letters, or 6 digits for promotional. */
  senderId: string;
  params: Record<string, string>;
}

/** What the server asks of an SMS gateway (DLT-registered templates, as Indian SMS requires). */
export interface SmsGateway {
  readonly provider: string;
  /**
   * Hands the message over; delivery receipts follow by webhook. Throws SmsGatewayRejected
   * or SmsGatewayUnavailable when the gateway did not take it: never a made-up message id.
   */
  send(message: OutgoingSms): Promise<{ messageId: string }>;
}

/**
 * The gateway the saved SMS configuration puts in force, chosen at each message (decision
 * 0079): read with the caller's executor, so a message sent inside a transaction reads the
 * settings in it, and a change on /toolMage/smsConfig acts at the next message.
 */
export interface SmsGateways {
  inForce(db: Executor): Promise<SmsGateway>;
}

/** Why a gateway did not take a message; `provider` names the gateway (never a secret). */
abstract class SmsGatewayError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
  }
}

/** The gateway refused the message as such (bad key, template, number): it was not sent. */
export class SmsGatewayRejected extends SmsGatewayError {
  override name = 'SmsGatewayRejected';
}

/**
 * No usable answer: a timeout, a dropped connection, a 5xx. The gateway may or may not have
 * the message; it is treated as not sent (an SMS is never resent on a guess).
 */
export class SmsGatewayUnavailable extends SmsGatewayError {
  override name = 'SmsGatewayUnavailable';
}

/** Template ids registered with the gateway. */
export const SMS_TEMPLATES = {
  otpLogin: 'otp_login_v1',
  otpLoanAcceptance: 'otp_loan_acceptance_v1',
  /** Collection reminder: order number, amount owed, due date (sent after the collector confirms). */
  repaymentReminder: 'repayment_reminder_v1',
} as const;

export type SmsReceiptStatus = 'sent' | 'delivered' | 'failed';
