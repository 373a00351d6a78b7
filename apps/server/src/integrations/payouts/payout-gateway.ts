/** Statuses a payout goes through at the gateway (RazorpayX / Cashfree Payouts style). */
export type GatewayPayoutStatus = 'queued' | 'processing' | 'processed' | 'failed' | 'reversed';

export interface PayoutBeneficiary {
  name: string;
  accountNumber: string;
  ifsc: string;
}

export interface CreatePayoutRequest {
  /** The same key always names the same payout: a retry never pays twice. */
  idempotencyKey: string;
  amountPaise: bigint;
  beneficiary: PayoutBeneficiary;
  /** `reward`: a borrower's wallet withdrawal (decision 0043). */
  purpose: 'disbursal' | 'refund' | 'reward';
  /** Our reference for the payout, echoed in status lookups and webhooks. */
  reference: string;
  mode?: 'IMPS' | 'NEFT';
}

/** A payout as the gateway reports it. */
export interface GatewayPayout {
  gatewayPayoutId: string;
  reference: string;
  status: GatewayPayoutStatus;
  amountPaise: bigint;
  utr?: string | undefined;
  /** When the gateway marked it processed (the loan's day 0 is this instant's India date). */
  processedAt?: Date | undefined;
  failureReason?: string | undefined;
}

/** What the server asks of a payout gateway. */
export interface PayoutGateway {
  readonly provider: string;
  createPayout(request: CreatePayoutRequest): Promise<GatewayPayout>;
  /** By the gateway's id or by our reference; undefined when the gateway has no such payout. */
  fetchStatus(query: {
    gatewayPayoutId?: string;
    reference?: string;
  }): Promise<GatewayPayout | undefined>;
  /**
   * The gateway's statement: every payout it processed from `from` (inclusive) to `to`
   * (exclusive), each with `processedAt`, its amount and its status now (one processed in the
   * period and sent back later is on it, `reversed`: the money did leave that day). What the
   * payout side of the daily reconciliation compares the book with (decision 0064).
   */
  statementOfPayouts(period: { from: Date; to: Date }): Promise<GatewayPayout[]>;
  /** The balance available for payouts, in paise. */
  balance(): Promise<bigint>;
  /** Penny drop: ₹1 to the account, which proves it exists and names its holder. */
  verifyBankAccount(beneficiary: PayoutBeneficiary): Promise<BankAccountCheck>;
}

export interface BankAccountCheck {
  verified: boolean;
  /** The gateway's id of the check (kept as evidence). */
  reference: string;
  /** The name the bank holds for the account, when it answered. */
  registeredName?: string | undefined;
}

/**
 * The call's outcome is unknown: a timeout, a dropped connection, a 5xx. The payout may or
 * may not exist at the gateway; only a lookup or a retry with the same key can tell.
 */
export class PayoutGatewayUnavailable extends Error {
  override name = 'PayoutGatewayUnavailable';
}

/** The gateway refused the request as such (validation, bad account): no payout was made. */
export class PayoutGatewayRejected extends Error {
  override name = 'PayoutGatewayRejected';
}
