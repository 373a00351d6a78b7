import type { RepaymentRecord, RepayPlanRow, RepayQueryOrder } from '@lending/contract';

/** The worked example on day 17: overdue, nothing paid yet. */
export const overdueRow: RepayPlanRow = {
  id: 41,
  orderNo: 'LN20250115000041',
  customerName: 'A*** V****',
  customerPhone: '******3210',
  status: 'OVERDUE',
  principalPaise: 450_000,
  dueDate: '2025-01-29',
  overdueDays: 3,
  rolloverCount: 0,
  duePrincipalPaise: 450_000,
  dueInterestPaise: 7_650,
  dueFeePaise: 0,
  dueGstPaise: 0,
  duePenalPaise: 6_000,
  paidPaise: 0,
  outstandingPaise: 463_650,
  clearingTodayPaise: 464_100,
  clearingDate: '2025-02-01',
  pendingWaiver: null,
};

/** The same order with a settlement asked for by someone else, waiting for approval. */
export const waitingWaiverRow: RepayPlanRow = {
  ...overdueRow,
  id: 43,
  orderNo: 'LN20250115000043',
  pendingWaiver: {
    id: 7,
    kind: 'waiver',
    amountPaise: 463_800,
    toWaivePaise: 464_100,
    settle: true,
    reason: 'Hardship: job lost',
    requestedBy: 'Finance Maker',
    yours: false,
    requestedAt: '2025-02-01T06:30:00.000Z',
  },
};

/** An overdue order someone else asked to write off, waiting for approval. */
export const waitingWriteOffRow: RepayPlanRow = {
  ...overdueRow,
  id: 44,
  orderNo: 'LN20250115000044',
  pendingWaiver: {
    id: 8,
    kind: 'writeOff',
    amountPaise: 463_800,
    toWaivePaise: 464_100,
    settle: true,
    reason: 'No payment for 60 days',
    requestedBy: 'Finance Maker',
    yours: false,
    requestedAt: '2025-02-01T06:30:00.000Z',
  },
};

export const activeRow: RepayPlanRow = {
  ...overdueRow,
  id: 42,
  orderNo: 'LN20250125000042',
  customerName: 'R*** K****',
  customerPhone: '******7788',
  status: 'ACTIVE',
  dueDate: '2025-02-08',
  overdueDays: 0,
  dueInterestPaise: 3_150,
  duePenalPaise: 0,
  paidPaise: 100_000,
  outstandingPaise: 353_150,
  clearingTodayPaise: 353_600,
};

export const partialRecord: RepaymentRecord = {
  id: 7,
  serialNo: 'RP2025020100000007',
  orderId: 41,
  orderNo: 'LN20250115000041',
  customerName: 'A*** V****',
  channel: 'neft',
  virtualAccountCode: 'VA2223330001',
  reference: 'UTR123456',
  amountPaise: 100_000,
  principalPaise: 80_350,
  interestPaise: 7_650,
  feePaise: 0,
  gstPaise: 0,
  penalPaise: 12_000,
  excessPaise: 0,
  valueDate: '2025-02-01',
  postedAt: '2025-02-01T10:30:00.000Z',
  kind: 'normal',
  coverage: 'partial',
  status: 'posted',
  reversedAt: null,
  reversalReason: null,
};

export const renewRecord: RepaymentRecord = {
  ...partialRecord,
  id: 8,
  serialNo: 'RP2025020100000008',
  orderNo: 'LN20250125000042',
  channel: 'upi',
  virtualAccountCode: null,
  kind: 'renew',
  coverage: null,
};

export const reversedRecord: RepaymentRecord = {
  ...partialRecord,
  id: 9,
  serialNo: 'RP2025020100000009',
  status: 'reversed',
  reversedAt: '2025-02-02T06:00:00.000Z',
  reversalReason: 'Returned by the bank',
};

export const queryOrder: RepayQueryOrder = {
  id: 41,
  orderNo: 'LN20250115000041',
  customerName: 'A*** V****',
  customerPhone: '******3210',
  status: 'OVERDUE',
  dueDate: '2025-01-29',
  overdueDays: 3,
  rolloverCount: 0,
  clearing: {
    date: '2025-02-03',
    principalPaise: 450_000,
    interestPaise: 8_550,
    feePaise: 0,
    gstPaise: 0,
    penalPaise: 10_000,
    totalPaise: 468_550,
    overdueDays: 5,
  },
  rollover: {
    available: true,
    reason: null,
    interestPaise: 7_650,
    feePaise: 22_500,
    gstPaise: 4_050,
    penalPaise: 6_000,
    totalPaise: 40_200,
    newDueDate: '2025-02-05',
    rolloverNumber: 1,
  },
  instructions: {
    beneficiaryName: 'Lending Console collections',
    virtualAccount: { accountNumber: '2223330041', ifsc: 'RAZR0000001' },
    upiId: 'lc.41@sandbox',
  },
  instructionsMissing: null,
};
