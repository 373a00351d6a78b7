import { COMPONENTS, zeroAmounts, type Component, type ComponentAmounts } from './components.js';
import type { Paise } from './money.js';

/**
 * Chart of accounts. Debit is positive, credit negative; each journal sums to zero, and an
 * order's outstanding per component is the sum of its `loans_receivable:*` lines.
 */
export const RECEIVABLE_ACCOUNTS = {
  principal: 'loans_receivable:principal',
  interest: 'loans_receivable:interest',
  fee: 'loans_receivable:fee',
  gst: 'loans_receivable:gst',
  penal: 'loans_receivable:penal',
} as const satisfies Record<Component, string>;

export const ACCOUNTS = [
  ...Object.values(RECEIVABLE_ACCOUNTS),
  /** Money sent to borrowers through the payout gateway. */
  'cash:payout_clearing',
  /** Money received into the lender's virtual accounts / UPI. */
  'cash:collection',
  'income:interest',
  'income:processing_fee',
  'income:rollover_fee',
  'income:penal',
  'liability:gst_payable',
  /** Paid beyond what was owed, until refunded. */
  'liability:customer_overpayment',
  'expense:waiver',
  'expense:write_off',
  /** Coupons: the part of interest or charges a borrower's coupon took off (coupon.ts). */
  'expense:marketing',
  /** The disbursement float: lender money available for payouts (credit = earmarked / spent). */
  'cash:disbursement_float',
  /** Float earmarked for a payout the gateway has not settled yet (docs/domain.md, the ledger). */
  'cash:payout_reserved',
  /** Borrowers' reward wallets: what the lender owes them (decision 0043). */
  'liability:wallet',
  /** Wallet money held for a withdrawal under review or in payment. */
  'liability:wallet_withdrawal',
  /** Invitation rewards credited to inviters' wallets. */
  'expense:invite_reward',
  /**
   * The part of a clawed-back reward the wallet no longer held (already withdrawn): written off
   * as marketing cost, never a debt of the inviter (decision 0063).
   */
  'expense:invite_reward_unrecovered',
  /** The lender's operating bank account, which tops up the payout account (recharge). */
  'cash:operating_bank',
  /**
   * Interest and penal charged to an NPA loan and not received: owed by the borrower but not
   * income (RBI income recognition; asset-classification.ts). Credit balance, set against the
   * receivables; released to income as the borrower pays.
   */
  'suspense:interest',
  'suspense:penal',
  /**
   * Money received into a virtual account that no loan took (no open loan, unknown payer, refused):
   * owed back to the payer until refunded or, with the borrower's agreement, applied to a loan.
   */
  'liability:unapplied_credit',
] as const;
export type Account = (typeof ACCOUNTS)[number];

/** Interest and penal held out of income on a loan (asset-classification.ts). */
export interface SuspenseAmounts {
  interest: Paise;
  penal: Paise;
}

export interface JournalLine {
  account: Account;
  /** Set on receivable lines: which part of the borrower's debt moves. */
  component?: Component;
  /** Debit positive, credit negative. */
  amount: Paise;
}

export type LedgerEvent =
  | { type: 'disbursal'; principal: Paise; processingFee: Paise; gstOnFee: Paise }
  | { type: 'feeCharge'; kind: 'processing' | 'rollover'; fee: Paise; gst: Paise }
  /** `inSuspense`: the loan is an NPA, so the accrual is owed but held out of income. */
  | { type: 'interestAccrual'; amount: Paise; inSuspense?: boolean }
  | { type: 'penalAccrual'; amount: Paise; inSuspense?: boolean }
  /** A loan became NPA: what it owes of interest and penal leaves income for suspense. */
  | { type: 'incomeToSuspense'; amounts: SuspenseAmounts }
  /** Interest or penal held in suspense was paid (or taken off): income now. */
  | { type: 'suspenseToIncome'; amounts: SuspenseAmounts }
  | { type: 'repayment'; allocated: ComponentAmounts; excess: Paise }
  | { type: 'rollover'; fee: Paise; gst: Paise; paid: ComponentAmounts }
  | { type: 'waiver'; amounts: ComponentAmounts }
  | { type: 'writeOff'; amounts: ComponentAmounts }
  /** A coupon used on the loan: marketing pays that part of interest or charges. */
  | { type: 'coupon'; amounts: ComponentAmounts }
  | { type: 'refund'; amount: Paise }
  | { type: 'payoutReservation'; amount: Paise }
  | { type: 'reversal'; original: Journal }
  /** Wallet events (decision 0043): not of an order; the journal's order is null. */
  | { type: 'walletReward'; amount: Paise }
  | { type: 'walletHold'; amount: Paise }
  | { type: 'walletPayout'; amount: Paise }
  | { type: 'walletRelease'; amount: Paise }
  /**
   * A reward undone because the repayment that earned it was (decision 0063): what the wallet
   * still holds goes back, the rest stays a marketing cost as unrecovered.
   */
  | { type: 'walletClawback'; recovered: Paise; unrecovered: Paise }
  | { type: 'floatRecharge'; amount: Paise }
  /**
   * Unapplied credits (of no order): the money a virtual account received that no loan took is
   * the lender's cash and the payer's claim; refunded through the payout gateway, or applied to a
   * loan (the repayment's own journal then counts the cash, so this one takes it back out).
   */
  | { type: 'unappliedCredit'; amount: Paise }
  | { type: 'unappliedCreditRefund'; amount: Paise }
  | { type: 'unappliedCreditApplied'; amount: Paise }
  /**
   * A posting undone because a value-dated repayment restated the days after its value date
   * (value-dating.ts); kept apart from `reversal` (bounces, payout reversals) so statements
   * and reports can tell a restatement from money that went back.
   */
  | { type: 'valueDateReversal'; original: Journal };

export type LedgerEventType = LedgerEvent['type'];

export interface Journal {
  event: LedgerEventType;
  /** For a reversal: the event it undoes. */
  reverses?: LedgerEventType;
  lines: JournalLine[];
}

export class UnbalancedJournalError extends Error {
  constructor(
    readonly journal: Journal,
    readonly imbalance: Paise,
  ) {
    super(`Journal ${journal.event} does not balance: off by ${imbalance} paise`);
    this.name = 'UnbalancedJournalError';
  }
}

export function journalSum(journal: Journal): Paise {
  return journal.lines.reduce((sum, line) => sum + line.amount, 0n);
}

export function isBalanced(journal: Journal): boolean {
  return journalSum(journal) === 0n;
}

export function assertBalanced(journal: Journal): Journal {
  const imbalance = journalSum(journal);
  if (imbalance !== 0n) throw new UnbalancedJournalError(journal, imbalance);
  return journal;
}

function nonNegative(label: string, amount: Paise): Paise {
  if (amount < 0n) throw new RangeError(`${label} must not be negative: ${amount}`);
  return amount;
}

class JournalBuilder {
  private readonly lines: JournalLine[] = [];

  debit(account: Account, amount: Paise, component?: Component): this {
    return this.add(account, amount, component);
  }

  credit(account: Account, amount: Paise, component?: Component): this {
    return this.add(account, -amount, component);
  }

  debitReceivable(component: Component, amount: Paise): this {
    return this.debit(RECEIVABLE_ACCOUNTS[component], amount, component);
  }

  creditReceivable(component: Component, amount: Paise): this {
    return this.credit(RECEIVABLE_ACCOUNTS[component], amount, component);
  }

  build(event: LedgerEventType, reverses?: LedgerEventType): Journal {
    const journal: Journal = reverses
      ? { event, reverses, lines: this.lines }
      : { event, lines: this.lines };
    return assertBalanced(journal);
  }

  private add(account: Account, amount: Paise, component?: Component): this {
    // Zero lines carry no information and clutter statements.
    if (amount !== 0n)
      this.lines.push(component ? { account, component, amount } : { account, amount });
    return this;
  }
}

function checkAmounts(label: string, amounts: ComponentAmounts): ComponentAmounts {
  for (const c of COMPONENTS) nonNegative(`${label}.${c}`, amounts[c]);
  return amounts;
}

/** The expense that bears what a waiver, a write-off or a coupon takes off the receivables. */
const RELEASE_EXPENSE = {
  waiver: 'expense:waiver',
  writeOff: 'expense:write_off',
  coupon: 'expense:marketing',
} as const satisfies Record<string, Account>;

/** The balanced journal of one money event. Throws on negative amounts (a programming error). */
export function postingsFor(event: LedgerEvent): Journal {
  const j = new JournalBuilder();
  switch (event.type) {
    case 'disbursal': {
      // Fee and GST are deducted from the payout: the borrower owes the full principal.
      const net = event.principal - event.processingFee - event.gstOnFee;
      nonNegative('processingFee', event.processingFee);
      nonNegative('gstOnFee', event.gstOnFee);
      nonNegative('netDisbursed', net);
      return j
        .debitReceivable('principal', event.principal)
        .credit('cash:payout_clearing', net)
        .credit('income:processing_fee', event.processingFee)
        .credit('liability:gst_payable', event.gstOnFee)
        .build(event.type);
    }
    case 'feeCharge':
      return j
        .debitReceivable('fee', nonNegative('fee', event.fee))
        .credit(
          event.kind === 'rollover' ? 'income:rollover_fee' : 'income:processing_fee',
          event.fee,
        )
        .debitReceivable('gst', nonNegative('gst', event.gst))
        .credit('liability:gst_payable', event.gst)
        .build(event.type);
    case 'interestAccrual':
      return j
        .debitReceivable('interest', nonNegative('amount', event.amount))
        .credit(event.inSuspense ? 'suspense:interest' : 'income:interest', event.amount)
        .build(event.type);
    case 'penalAccrual':
      return j
        .debitReceivable('penal', nonNegative('amount', event.amount))
        .credit(event.inSuspense ? 'suspense:penal' : 'income:penal', event.amount)
        .build(event.type);
    case 'incomeToSuspense':
      return j
        .debit('income:interest', nonNegative('interest', event.amounts.interest))
        .credit('suspense:interest', event.amounts.interest)
        .debit('income:penal', nonNegative('penal', event.amounts.penal))
        .credit('suspense:penal', event.amounts.penal)
        .build(event.type);
    case 'suspenseToIncome':
      return j
        .debit('suspense:interest', nonNegative('interest', event.amounts.interest))
        .credit('income:interest', event.amounts.interest)
        .debit('suspense:penal', nonNegative('penal', event.amounts.penal))
        .credit('income:penal', event.amounts.penal)
        .build(event.type);
    case 'repayment': {
      checkAmounts('allocated', event.allocated);
      nonNegative('excess', event.excess);
      const received = COMPONENTS.reduce((s, c) => s + event.allocated[c], 0n) + event.excess;
      j.debit('cash:collection', received);
      for (const c of COMPONENTS) j.creditReceivable(c, event.allocated[c]);
      return j.credit('liability:customer_overpayment', event.excess).build(event.type);
    }
    case 'rollover': {
      checkAmounts('paid', event.paid);
      j.debitReceivable('fee', nonNegative('fee', event.fee))
        .credit('income:rollover_fee', event.fee)
        .debitReceivable('gst', nonNegative('gst', event.gst))
        .credit('liability:gst_payable', event.gst);
      const received = COMPONENTS.reduce((s, c) => s + event.paid[c], 0n);
      j.debit('cash:collection', received);
      for (const c of COMPONENTS) j.creditReceivable(c, event.paid[c]);
      return j.build(event.type);
    }
    case 'waiver':
    case 'writeOff':
    case 'coupon': {
      checkAmounts('amounts', event.amounts);
      const total = COMPONENTS.reduce((s, c) => s + event.amounts[c], 0n);
      j.debit(RELEASE_EXPENSE[event.type], total);
      for (const c of COMPONENTS) j.creditReceivable(c, event.amounts[c]);
      return j.build(event.type);
    }
    case 'payoutReservation':
      // Payout intent is committed before the gateway is called: the net amount is earmarked
      // from the float. The processed, failed or reversed outcome releases it (a reversal).
      return j
        .debit('cash:payout_reserved', nonNegative('amount', event.amount))
        .credit('cash:disbursement_float', event.amount)
        .build(event.type);
    case 'refund':
      return j
        .debit('liability:customer_overpayment', nonNegative('amount', event.amount))
        .credit('cash:payout_clearing', event.amount)
        .build(event.type);
    case 'walletReward':
      return j
        .debit('expense:invite_reward', nonNegative('amount', event.amount))
        .credit('liability:wallet', event.amount)
        .build(event.type);
    case 'walletHold':
      // A withdrawal request takes the money out of the spendable wallet at once: two requests
      // can never spend the same rupee.
      return j
        .debit('liability:wallet', nonNegative('amount', event.amount))
        .credit('liability:wallet_withdrawal', event.amount)
        .build(event.type);
    case 'walletPayout':
      return j
        .debit('liability:wallet_withdrawal', nonNegative('amount', event.amount))
        .credit('cash:disbursement_float', event.amount)
        .build(event.type);
    case 'walletRelease':
      // Refused, failed or reversed: the held money goes back to the wallet.
      return j
        .debit('liability:wallet_withdrawal', nonNegative('amount', event.amount))
        .credit('liability:wallet', event.amount)
        .build(event.type);
    case 'walletClawback':
      return j
        .debit('liability:wallet', nonNegative('recovered', event.recovered))
        .debit('expense:invite_reward_unrecovered', nonNegative('unrecovered', event.unrecovered))
        .credit('expense:invite_reward', event.recovered + event.unrecovered)
        .build(event.type);
    case 'floatRecharge':
      return j
        .debit('cash:disbursement_float', nonNegative('amount', event.amount))
        .credit('cash:operating_bank', event.amount)
        .build(event.type);
    case 'unappliedCredit':
      return j
        .debit('cash:collection', nonNegative('amount', event.amount))
        .credit('liability:unapplied_credit', event.amount)
        .build(event.type);
    case 'unappliedCreditRefund':
      // Paid back from the payout account, like a wallet withdrawal.
      return j
        .debit('liability:unapplied_credit', nonNegative('amount', event.amount))
        .credit('cash:disbursement_float', event.amount)
        .build(event.type);
    case 'unappliedCreditApplied':
      return j
        .debit('liability:unapplied_credit', nonNegative('amount', event.amount))
        .credit('cash:collection', event.amount)
        .build(event.type);
    case 'reversal':
    case 'valueDateReversal': {
      assertBalanced(event.original);
      for (const line of event.original.lines) {
        if (line.component) j.creditReceivable(line.component, line.amount);
        else j.credit(line.account, line.amount);
      }
      return j.build(event.type, event.original.event);
    }
  }
}

/**
 * An accrual journal of an NPA loan: the same receivable, credited to suspense instead of
 * income (the engine accrues alike whatever the class; the class decides where it goes).
 */
export function accrualInSuspense(journal: Journal): Journal {
  const into: Partial<Record<Account, Account>> = {
    'income:interest': 'suspense:interest',
    'income:penal': 'suspense:penal',
  };
  if (journal.event !== 'interestAccrual' && journal.event !== 'penalAccrual') return journal;
  return assertBalanced({
    ...journal,
    lines: journal.lines.map((line) => {
      const account = into[line.account];
      return account ? { ...line, account } : line;
    }),
  });
}

/** Outstanding per component as the ledger sees it: the sum of receivable lines. */
export function receivableBalances(journals: Iterable<Journal>): ComponentAmounts {
  const out = zeroAmounts();
  for (const journal of journals) {
    for (const line of journal.lines) if (line.component) out[line.component] += line.amount;
  }
  return out;
}

/** Balance of every account touched by the journals (debit positive). */
export function accountBalances(journals: Iterable<Journal>): Map<Account, Paise> {
  const out = new Map<Account, Paise>();
  for (const journal of journals) {
    for (const line of journal.lines) {
      out.set(line.account, (out.get(line.account) ?? 0n) + line.amount);
    }
  }
  return out;
}
