import { z } from 'zod';
import { indiaDateSchema, paiseSchema, signedPaiseSchema } from '../common/money.js';
import {
  assetClassSchema,
  closureTypeSchema,
  loanProductKindSchema,
  orderStatusSchema,
} from './loan-book.schema.js';

/*
 * The order detail (/loan/loanDetail and the detail tabs): the order's amounts, borrower,
 * terms, key facts, asset classification and records, as the server answers them.
 */

const amountsSchema = z.object({
  principal: paiseSchema,
  interest: paiseSchema,
  fee: paiseSchema,
  gst: paiseSchema,
  penal: paiseSchema,
});

/** An instant (ISO, UTC); the console shows it in India time. */
const instantSchema = z.string();

/** The parts of an order's debt: charged to date, paid, waived, written off, outstanding. */
export const orderAmountsSchema = z.object({
  charged: amountsSchema,
  paid: amountsSchema,
  waived: amountsSchema,
  writtenOff: amountsSchema,
  outstanding: amountsSchema,
});

/** The borrower as the order detail shows them: personal data masked by the server. */
export const orderCustomerSchema = z.object({
  id: z.int(),
  name: z.string(),
  phone: z.string(),
  idType: z.enum(['aadhaar', 'pan']),
  /** PAN masked, or the Aadhaar's last 4 digits (the only part ever kept). */
  idNumber: z.string(),
  customerType: z.enum(['new', 'old']),
  channel: z.string(),
  registrationDate: indiaDateSchema,
  bankName: z.string(),
  bankAccount: z.string(),
  ifsc: z.string(),
  bankAccountVerified: z.boolean(),
});

/** The product terms the order was made with (a snapshot: later versions do not change it). */
export const orderTermsSchema = z.object({
  tenorDays: z.int(),
  processingFeePpm: z.int(),
  gstPpm: z.int(),
  interestPerDayPpm: z.int(),
  penalPerDayPaise: paiseSchema.nullable(),
  penalPerDayPpm: z.int().nullable(),
  penalCapPpm: z.int(),
  rolloverFeePpm: z.int(),
  rolloverDays: z.int(),
  maxRollovers: z.int(),
  allowOverdueRollover: z.boolean(),
  coolingOffDays: z.int().nullable(),
  allocationOrder: z.array(z.string()),
});

/** The key fact statement as the borrower accepted it, and the evidence of acceptance. */
export const orderKeyFactsSchema = z.object({
  principalPaise: paiseSchema,
  processingFeePaise: paiseSchema,
  gstOnFeePaise: paiseSchema,
  netDisbursedPaise: paiseSchema,
  totalInterestPaise: paiseSchema,
  dueAmountPaise: paiseSchema,
  aprPercent: z.string(),
  tenorDays: z.int(),
  interestPerDayPpm: z.int(),
  penalPerDayPaise: paiseSchema.nullable(),
  penalPerDayPpm: z.int().nullable(),
  penalCapPpm: z.int(),
  coolingOffDays: z.int(),
  acceptedAt: instantSchema,
  channel: z.string(),
});

/**
 * Why an order's asset class changed: its own days past due, another loan of the borrower
 * became NPA, its arrears were paid (an NPA upgraded), it was paid off, it was rolled over while
 * past due (a rescheduling), or a value-dated repayment restated it.
 */
export const assetClassReasonSchema = z.enum([
  'daysPastDue',
  'borrowerNpa',
  'arrearsPaid',
  'paid',
  'rescheduled',
  'valueDated',
  'repaymentReversed',
]);
export type AssetClassReason = z.infer<typeof assetClassReasonSchema>;

export const orderDetailSchema = z.object({
  id: z.int(),
  orderNo: z.string(),
  customerId: z.int(),
  productId: z.int(),
  productVersion: z.int(),
  productKind: loanProductKindSchema,
  productName: z.string(),
  customer: orderCustomerSchema,
  terms: orderTermsSchema,
  keyFacts: orderKeyFactsSchema,
  appliedAt: instantSchema,
  clearedDate: indiaDateSchema.nullable(),
  status: orderStatusSchema,
  closureType: closureTypeSchema.nullable(),
  principalPaise: paiseSchema,
  processingFeePaise: paiseSchema,
  gstOnFeePaise: paiseSchema,
  netDisbursedPaise: paiseSchema,
  dueAmountPaise: paiseSchema,
  aprPercent: z.string(),
  tenorDays: z.int(),
  disbursalDate: indiaDateSchema.nullable(),
  dueDate: indiaDateSchema.nullable(),
  outstanding: amountsSchema,
  outstandingTotalPaise: paiseSchema,
  /** Per component, from the ledger. */
  amounts: orderAmountsSchema,
  /** What clears the loan today (India date); null when nothing is owed or not disbursed. */
  clearingToday: z
    .object({
      date: indiaDateSchema,
      components: amountsSchema,
      totalPaise: paiseSchema,
      overdueDays: z.int(),
    })
    .nullable(),
  overpaidPaise: paiseSchema,
  rolloverCount: z.int(),
  overdueDays: z.int(),
  overdueBand: z.string().nullable(),
  rbiClass: z.string().nullable(),
  /** The business date the order entered `rbiClass`; null before its first classification. */
  classifiedDate: indiaDateSchema.nullable(),
  /** RBI days past due at the order's last day-end (the first overdue day is day 1). */
  rbiDaysPastDue: z.int(),
  /** Rolled over while already past due: a rescheduling, which resets no classification. */
  rescheduled: z.boolean(),
  /** Interest and penal owed but held out of income (an NPA's: interest in suspense). */
  suspense: z.object({ interestPaise: paiseSchema, penalPaise: paiseSchema }),
  /** Every change of the asset class, oldest first. */
  classHistory: z.array(
    z.object({
      businessDate: indiaDateSchema,
      /** Null for the order's first classification. */
      fromClass: assetClassSchema.nullable(),
      toClass: assetClassSchema,
      daysPastDue: z.int(),
      reason: assetClassReasonSchema,
      /** The borrower's order whose NPA pulled this one in (reason borrowerNpa). */
      causeOrderNo: z.string().nullable(),
      at: instantSchema,
    }),
  ),
  machineScore: z.int().nullable(),
  /** Machine review's decision: pass, refer (sent on to people) or reject; null before it. */
  machineResult: z.enum(['pass', 'refer', 'reject']).nullable(),
  ruleSetVersion: z.int().nullable(),
  firstReviewerId: z.int().nullable(),
  finalReviewerId: z.int().nullable(),
  statusHistory: z.array(
    z.object({
      from: orderStatusSchema.nullable(),
      to: orderStatusSchema,
      event: z.string(),
      actorId: z.int().nullable(),
      /** The staff member's name; null for the system. */
      actorName: z.string().nullable(),
      at: z.string(),
      reason: z.string().nullable(),
    }),
  ),
  payouts: z.array(
    z.object({
      id: z.int(),
      /** 1 for the first payout of its purpose, 2 for the retry after it, … */
      attempt: z.int(),
      purpose: z.string(),
      status: z.string(),
      amountPaise: paiseSchema,
      channel: z.string(),
      utr: z.string().nullable(),
      failCount: z.int(),
      errorMessage: z.string().nullable(),
      processedDate: indiaDateSchema.nullable(),
      createdAt: instantSchema,
      updatedAt: instantSchema,
    }),
  ),
  repayments: z.array(
    z.object({
      id: z.int(),
      serialNo: z.string(),
      type: z.string(),
      channel: z.string(),
      virtualAccountCode: z.string().nullable(),
      amountPaise: paiseSchema,
      allocated: amountsSchema,
      excessPaise: paiseSchema,
      businessDate: indiaDateSchema,
      /** The day the money reached the lender (a value-dated posting: earlier than posted). */
      valueDate: indiaDateSchema,
      receivedAt: instantSchema,
      reversed: z.boolean(),
      reversedAt: instantSchema.nullable(),
      reversalReason: z.string().nullable(),
    }),
  ),
  rollovers: z.array(
    z.object({
      rolloverNumber: z.int(),
      fromDueDate: indiaDateSchema,
      toDueDate: indiaDateSchema,
      feePaise: paiseSchema,
      gstPaise: paiseSchema,
      interestPaise: paiseSchema,
      penalPaise: paiseSchema,
      totalPaise: paiseSchema,
      businessDate: indiaDateSchema,
      at: instantSchema,
    }),
  ),
  /** Waivers and write-offs: what each took off, who and why. */
  waivers: z.array(
    z.object({
      journalId: z.int(),
      kind: z.enum(['waiver', 'writeOff']),
      amounts: amountsSchema,
      totalPaise: paiseSchema,
      businessDate: indiaDateSchema,
      at: instantSchema,
      actorName: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  /**
   * A waiver or write-off asked for and waiting for a second person (decisions 0045, 0050),
   * shown read-only: it is decided on the repayment plan.
   */
  pendingApproval: z
    .object({
      kind: z.enum(['waiver', 'writeOff']),
      /** What it came to when asked. */
      amountPaise: paiseSchema,
      /** A settlement's or write-off's whole balance rather than parts of it. */
      whole: z.boolean(),
      reason: z.string(),
      requestedBy: z.string(),
      requestedAt: instantSchema,
    })
    .nullable(),
  /**
   * Every waiver or write-off asked for on the order, oldest first, with how it ended: approved,
   * rejected, or lapsed when the order stopped qualifying while it waited (decision 0054).
   */
  approvalRequests: z.array(
    z.object({
      id: z.int(),
      kind: z.enum(['waiver', 'writeOff']),
      status: z.enum(['pending', 'approved', 'rejected', 'lapsed']),
      /** What it came to when asked. */
      amountPaise: paiseSchema,
      whole: z.boolean(),
      reason: z.string(),
      requestedBy: z.string(),
      requestedAt: instantSchema,
      /** The checker; null while it waits and for a lapse (nobody decided it). */
      decidedBy: z.string().nullable(),
      decidedAt: instantSchema.nullable(),
      /** The checker's reason for a rejection; the system's for a lapse. */
      decisionReason: z.string().nullable(),
      /** The order event after which a lapsed request no longer qualified (rollover, ...). */
      lapseEvent: z.string().nullable(),
    }),
  ),
  journals: z.array(
    z.object({
      id: z.int(),
      eventType: z.string(),
      reversesEventType: z.string().nullable(),
      businessDate: indiaDateSchema,
      /**
       * The day it belongs to when it was booked later (a restatement, or a journal of a closed
       * day booked on the next open one); null when it belongs to its business date.
       */
      valueDate: indiaDateSchema.nullable(),
      /** Why it was booked on a later day (the restatement's reason), when it was. */
      reason: z.string().nullable(),
      at: instantSchema,
      lines: z.array(
        z.object({
          account: z.string(),
          component: z.string().nullable(),
          amountPaise: signedPaiseSchema,
        }),
      ),
    }),
  ),
  /** The operation log's entries about this order and its payouts, oldest first. */
  auditTrail: z.array(
    z.object({
      id: z.int(),
      action: z.string(),
      actorName: z.string(),
      summary: z.string(),
      at: instantSchema,
    }),
  ),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
