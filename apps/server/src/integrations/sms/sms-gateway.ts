/** What the server asks of an SMS gateway (DLT-registered templates, as Indian SMS requires). */
export interface SmsGateway {
  readonly provider: string;
  /** Hands the message over; delivery receipts follow by webhook. */
  send(message: { phone: string; templateId: string; params: Record<string, string> }): Promise<{
    messageId: string;
  }>;
}

/** Template ids registered with the gateway. */
export const SMS_TEMPLATES = {
  otpLogin: 'otp_login_v1',
  otpLoanAcceptance: 'otp_loan_acceptance_v1',
  /** Collection reminder: order number, amount owed, due date (sent after the collector confirms). */
  repaymentReminder: 'repayment_reminder_v1',
} as const;

export type SmsReceiptStatus = 'sent' | 'delivered' | 'failed';
