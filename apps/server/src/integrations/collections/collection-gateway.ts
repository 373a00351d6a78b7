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
  /** Credits received from `from` (inclusive) to `to` (exclusive). */
  statementOfCredits(period: { from: Date; to: Date }): Promise<StatementCredit[]>;
}
