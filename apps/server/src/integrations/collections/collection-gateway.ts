/** A virtual bank account and UPI id at the collection gateway, for one customer. */
export interface GatewayVirtualAccount {
  providerAccountId: string;
  accountNumber: string;
  ifsc: string;
  upiId: string;
}

/** One credit as the gateway's statement lists it (for reconciliation). */
export interface StatementCredit {
  paymentId: string;
  accountNumber: string;
  method: 'bank_transfer' | 'upi';
  amountPaise: bigint;
  creditedAt: Date;
}

/** What the server asks of a collection gateway (Razorpay Smart Collect style). */
export interface CollectionGateway {
  readonly provider: string;
  /** Idempotent per customer: asking again returns the same account. */
  createVirtualAccount(customer: {
    customerId: number;
    name: string;
  }): Promise<GatewayVirtualAccount>;
  getVirtualAccount(providerAccountId: string): Promise<GatewayVirtualAccount | undefined>;
  /**
   * Stops an account taking money, for one made by a lost race that no borrower was shown
   * (see ensureVirtualAccount). Optional: the sandbox derives its accounts and has none extra.
   */
  closeVirtualAccount?(providerAccountId: string): Promise<void>;
  /** Credits received from `from` (inclusive) to `to` (exclusive). */
  statementOfCredits(period: { from: Date; to: Date }): Promise<StatementCredit[]>;
}

/**
 * The gateway did not answer (timeout, dropped connection, 5xx, 429): the call may have had
 * its effect (an account may exist). Retry later; the adapter finds what a lost call made.
 */
export class CollectionGatewayUnavailable extends Error {
  override name = 'CollectionGatewayUnavailable';
}

/** The gateway refused the request as such (4xx): nothing was created. */
export class CollectionGatewayRejected extends Error {
  override name = 'CollectionGatewayRejected';
}
