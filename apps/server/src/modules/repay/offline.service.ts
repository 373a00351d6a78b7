import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type {
  excessListBodySchema,
  ExcessStatus,
  ImportReport,
  offlineListBodySchema,
  OfflineRecordBody,
  OfflineRepayment,
  overdueRepaymentBodySchema,
} from '@lending/contract';
import { isAfter, isBefore } from '@lending/lending';
import type { z } from 'zod';
import type { Database } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import {
  contentHashOf,
  dateOf,
  paiseOfRupees,
  readXlsxRows,
  runImport,
  textOf,
  xlsxBytesOf,
  type UploadedXlsx,
} from '../../shared/import/xlsx-import.js';
import { sniffReceiptType } from '../../shared/import/stored-files.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskBankAccount, maskName, maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { clearingOfOrder } from '../borrower-app/index.js';
import {
  createRefund,
  disbursalChannelOf,
  findOrderByNo,
  postRepayment,
  repaymentWithOrder,
} from '../loan-book/index.js';
import { readStoredBytes, storeBytes, storeBytesOnce } from '../stored-files/index.js';
import * as repo from './offline.repository.js';
import type { OfflineRepaymentRow } from './offline.table.js';
import type { RepayDeps } from './repay.service.js';

/** What the offline repayment and overpayment services use (the simulator passes its own). */
export type OfflineDeps = Pick<RepayDeps, 'db' | 'clock' | 'loanBook' | 'staffOf'>;

const OPEN = ['ACTIVE', 'DUE', 'OVERDUE'];

async function staffNames(deps: OfflineDeps, ids: (number | null)[]) {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  const found = await Promise.all(
    unique.map(async (id) => [id, (await deps.staffOf?.(id))?.name ?? `#${id}`] as const),
  );
  return new Map(found);
}

function offlineView(
  row: OfflineRepaymentRow,
  extra: {
    orderNo: string;
    customerName: string;
    customerPhone: string;
    repaymentSerialNo: string | null;
  },
  names: Map<number, string>,
  callerId: number,
): OfflineRepayment {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNo: extra.orderNo,
    customerName: maskName(extra.customerName),
    customerPhone: maskPhone(extra.customerPhone),
    channel: row.channel as OfflineRepayment['channel'],
    amountPaise: paiseToApi(row.amountPaise),
    valueDate: row.valueDate,
    bankReference: row.bankReference,
    remark: row.remark,
    hasReceipt: row.receiptFileId !== null,
    status: row.status,
    recordedBy: names.get(row.recordedBy) ?? `#${row.recordedBy}`,
    recordedByMe: row.recordedBy === callerId,
    recordedAt: toIso(row.recordedAt),
    reviewedBy:
      row.reviewedBy === null ? null : (names.get(row.reviewedBy) ?? `#${row.reviewedBy}`),
    reviewedAt: toIsoOrNull(row.reviewedAt),
    reviewReason: row.reviewReason,
    repaymentSerialNo: extra.repaymentSerialNo,
    valueDateNote: row.valueDateNote,
    batch: row.batch,
  };
}

export async function listOffline(
  deps: OfflineDeps,
  body: z.output<typeof offlineListBodySchema>,
  callerId: number,
) {
  const { list, total } = await repo.listOffline(deps.db, body);
  const names = await staffNames(
    deps,
    list.flatMap((r) => [r.offline.recordedBy, r.offline.reviewedBy]),
  );
  return { total, list: list.map((r) => offlineView(r.offline, r, names, callerId)) };
}

async function viewOf(deps: OfflineDeps, id: number, callerId: number): Promise<OfflineRepayment> {
  const row = await repo.offlineRepaymentWithOrder(deps.db, id);
  const names = await staffNames(deps, [row!.offline.recordedBy, row!.offline.reviewedBy]);
  return offlineView(row!.offline, row!, names, callerId);
}

export interface RecordInput extends Omit<OfflineRecordBody, 'amountPaise'> {
  amountPaise: number;
  batch?: string;
}

/**
 * The maker records an offline repayment: the order must owe money, the value date must lie
 * between its disbursal and today, the amount at most what clears it today ('entered amount
 * exceeds maximum amount'). A receipt photo is sniffed and stored in the database.
 * The same idempotency key returns the same record; a live record with the same bank
 * reference is a 409.
 */
export async function recordOffline(
  deps: OfflineDeps,
  input: RecordInput,
  actorId: number,
): Promise<OfflineRepayment> {
  const existing = await repo.findOfflineByRecordKey(deps.db, input.idempotencyKey);
  if (existing) return replayOf(deps, existing, input, actorId);
  const order = await findOrderByNo(deps.db, input.orderNo);
  if (!order) throw AppError.invalid('orderNo', 'no order has this number');
  if (!OPEN.includes(order.status))
    throw new AppError('orderStateConflict', { field: order.orderNo, detail: order.status });
  const today = indiaDateOf(deps.clock.now());
  if (isAfter(input.valueDate, today))
    throw AppError.invalid('valueDate', `must not be after ${today}`);
  if (order.disbursalDate && isBefore(input.valueDate, order.disbursalDate))
    throw AppError.invalid(
      'valueDate',
      `must not be before the disbursal date ${order.disbursalDate}`,
    );
  const maximum = clearingOfOrder(order, today)?.total ?? 0n;
  if (BigInt(input.amountPaise) > maximum)
    throw AppError.invalid('amountPaise', 'entered amount exceeds maximum amount');
  let receiptFileId: number | null = null;
  if (input.receipt) {
    const bytes = Buffer.from(input.receipt.contentBase64, 'base64');
    const mimeType = sniffReceiptType(bytes, 'receipt.contentBase64');
    // In the database (decision 0091), in the call's transaction: any server serves it.
    const stored = await storeBytes(deps.db, bytes, deps.clock.now());
    receiptFileId = await repo.insertUploadedFile(deps.db, {
      storageName: stored.name,
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256!,
      fileName: input.receipt.fileName,
      mimeType,
      uploadedBy: actorId,
      at: deps.clock.now(),
    });
  }
  const row = await repo.insertOfflineRepayment(deps.db, {
    orderId: order.id,
    channel: input.channel,
    amountPaise: BigInt(input.amountPaise),
    valueDate: input.valueDate,
    bankReference: input.bankReference,
    remark: input.remark ?? null,
    receiptFileId,
    status: 'pending',
    recordKey: input.idempotencyKey,
    batch: input.batch ?? null,
    recordedBy: actorId,
    recordedAt: deps.clock.now(),
  });
  if (!row) {
    const again = await repo.findOfflineByRecordKey(deps.db, input.idempotencyKey);
    if (again) return replayOf(deps, again, input, actorId);
    throw new AppError('duplicate', { field: `bank reference ${input.bankReference}` });
  }
  return viewOf(deps, row.id, actorId);
}

async function replayOf(
  deps: OfflineDeps,
  row: OfflineRepaymentRow,
  input: RecordInput,
  actorId: number,
): Promise<OfflineRepayment> {
  if (
    row.recordedBy !== actorId ||
    row.bankReference !== input.bankReference ||
    row.amountPaise !== BigInt(input.amountPaise) ||
    row.valueDate !== input.valueDate
  ) {
    throw new AppError('idempotencyKeyReused', { field: input.idempotencyKey });
  }
  return viewOf(deps, row.id, actorId);
}

/**
 * The checker's decision. The row is locked, so of two decisions at once one wins and the
 * other sees it decided (409). The maker cannot decide their own record (409). Passing posts
 * it through the loan book's repayment command as of its value date, keyed by the record.
 */
export async function reviewOffline(
  deps: OfflineDeps,
  input: { id: number; decision: 'pass' | 'invalid'; reason?: string | undefined },
  actorId: number,
) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockOfflineRepayment(tx, input.id);
    if (!row) throw new AppError('notFound', { field: 'id', detail: String(input.id) });
    if (row.status !== 'pending')
      throw new AppError('alreadyReviewed', {
        field: `Offline repayment ${row.bankReference}`,
        detail: row.status,
      });
    if (row.recordedBy === actorId)
      throw new AppError('sameMakerChecker', { field: `Offline repayment ${row.bankReference}` });
    const now = deps.clock.now();
    if (input.decision === 'invalid') {
      await repo.updateOfflineRepayment(tx, row.id, {
        status: 'invalid',
        reviewedBy: actorId,
        reviewedAt: now,
        reviewReason: input.reason ?? null,
      });
      return {
        id: row.id,
        status: 'invalid' as const,
        orderStatus: null,
        repaymentId: null,
        valueDate: row.valueDate,
        valueDateNote: null,
      };
    }
    // The posting runs inside this transaction (a savepoint), with the record locked.
    const posted = await postRepayment(
      { ...deps.loanBook, db: tx as unknown as Database },
      {
        orderId: row.orderId,
        idempotencyKey: `offline:${row.id}`,
        amountPaise: row.amountPaise,
        channel: row.channel,
        gatewayPaymentId: row.bankReference,
        valueDate: row.valueDate,
      },
      actorId,
    );
    const note = typeof posted.valueDateNote === 'string' ? posted.valueDateNote : null;
    await repo.updateOfflineRepayment(tx, row.id, {
      status: 'pass',
      reviewedBy: actorId,
      reviewedAt: now,
      reviewReason: input.reason ?? null,
      repaymentId: posted.repaymentId ?? null,
      valueDateNote: note,
    });
    return {
      id: row.id,
      status: 'pass' as const,
      orderStatus: posted.status,
      repaymentId: posted.repaymentId ?? null,
      valueDate: typeof posted.valueDate === 'string' ? posted.valueDate : row.valueDate,
      valueDateNote: note,
    };
  });
}

/** The receipt photo, for holders of the receipt interface only (the access layer checks). */
export async function receiptOf(deps: OfflineDeps, id: number) {
  const file = await repo.receiptFileOf(deps.db, id);
  if (!file) throw new AppError('notFound', { field: 'id', detail: String(id) });
  const bytes = await readStoredBytes(deps.db, file.storageName);
  // Uploaded before receipts moved into the database, on a server that has not copied it in.
  if (!bytes) throw new AppError('notFound', { field: 'id', detail: 'the receipt file' });
  return {
    fileName: file.fileName,
    mimeType: file.mimeType,
    contentBase64: bytes.toString('base64'),
  };
}

/**
 * Receipts uploaded before they moved into the database (decision 0091) whose file is in this
 * server's `uploadDir`: copied in under their storage name once their SHA-256 matches the
 * upload's, and the local file removed. At every start; cheap when none is left. A receipt
 * another server copied first is left as it copied it.
 */
export async function moveLocalReceipts(
  deps: Pick<OfflineDeps, 'db' | 'clock'>,
  uploadDir: string,
): Promise<{ moved: number; missing: number }> {
  const result = { moved: 0, missing: 0 };
  for (const file of await repo.uploadedFilesNotStored(deps.db)) {
    const local = path.join(uploadDir, file.storageName);
    const bytes = /^[0-9a-f]{32}$/.test(file.storageName)
      ? await readFile(local).catch(() => undefined)
      : undefined;
    if (!bytes || createHash('sha256').update(bytes).digest('hex') !== file.sha256) {
      result.missing += 1;
      continue;
    }
    await deps.db.transaction((tx) =>
      storeBytesOnce(tx, bytes, deps.clock.now(), file.storageName),
    );
    await rm(local, { force: true });
    result.moved += 1;
  }
  return result;
}

/** The columns of an offline repayment batch (English or Chinese headers). */
const OFFLINE_COLUMNS = [
  { key: 'orderNo', headers: ['order number', 'order no', '订单号'], required: true },
  { key: 'channel', headers: ['channel', '渠道'], required: true },
  { key: 'amount', headers: ['amount', 'amount (₹)', '金额'], required: true },
  { key: 'valueDate', headers: ['value date', '到账日期'], required: true },
  { key: 'bankReference', headers: ['bank reference', 'utr', '银行流水号'], required: true },
  { key: 'remark', headers: ['remark', '备注'] },
] as const;

const CHANNELS: Record<string, 'bankTransfer' | 'cashDeposit'> = {
  banktransfer: 'bankTransfer',
  'bank transfer': 'bankTransfer',
  银行转账: 'bankTransfer',
  cashdeposit: 'cashDeposit',
  'cash deposit': 'cashDeposit',
  现金存款: 'cashDeposit',
};

/**
 * A batch of offline repayments from .xlsx: each valid row becomes a pending record (nothing
 * posts without a checker); each refused row says why. The key of a row is the file's content
 * hash and the row number, so importing the same file again changes nothing.
 */
export async function importOffline(
  deps: OfflineDeps,
  upload: UploadedXlsx,
  actorId: number,
): Promise<ImportReport> {
  const bytes = xlsxBytesOf(upload);
  const rows = await readXlsxRows(bytes, OFFLINE_COLUMNS);
  const hash = contentHashOf(bytes);
  return runImport(upload.fileName, rows, ({ row, values }) =>
    // Each row in its own savepoint: a refused row leaves nothing behind.
    deps.db.transaction(async (tx) => {
      const orderNo = textOf(values.orderNo)?.toUpperCase();
      if (!orderNo) throw AppError.invalid('order number', 'order number cannot be empty');
      const channel = CHANNELS[textOf(values.channel)?.toLowerCase() ?? ''];
      if (!channel) throw AppError.invalid('channel', 'must be bank transfer or cash deposit');
      const amount = paiseOfRupees(values.amount);
      if (amount === null) throw AppError.invalid('amount', 'must be an amount in rupees');
      if (amount === 0) throw AppError.invalid('amount', 'amount cannot be 0');
      if (amount < 0) throw AppError.invalid('amount', 'must be positive');
      const valueDate = dateOf(values.valueDate);
      if (!valueDate) throw AppError.invalid('value date', 'must be a date (YYYY-MM-DD)');
      const bankReference = textOf(values.bankReference);
      if (!bankReference || bankReference.length > 60)
        throw AppError.invalid('bank reference', 'must be 1 to 60 characters');
      const remark = textOf(values.remark)?.slice(0, 500);
      const recorded = await recordOffline(
        { ...deps, db: tx as unknown as Database },
        {
          orderNo,
          channel,
          amountPaise: amount,
          valueDate,
          bankReference,
          ...(remark ? { remark } : {}),
          idempotencyKey: `import:${hash}:${row}`,
          batch: upload.fileName,
        },
        actorId,
      );
      return { id: recorded.id };
    }),
  );
}

export async function listOverdue(
  deps: OfflineDeps,
  body: z.output<typeof overdueRepaymentBodySchema>,
) {
  const { list, total } = await repo.listOverdueRepayments(deps.db, body);
  return {
    total,
    list: list.map(({ repayment: r, orderNo, customerName, customerPhone }) => {
      const days = r.overdueDaysWhenPaid ?? 0;
      return {
        id: r.id,
        serialNo: r.serialNo,
        orderId: r.orderId,
        orderNo,
        customerName: maskName(customerName),
        customerPhone: maskPhone(customerPhone),
        channel: r.channel,
        amountPaise: paiseToApi(r.amountPaise),
        penalPaise: paiseToApi(r.allocatedPenalPaise),
        valueDate: r.valueDate ?? r.businessDate,
        postedAt: toIso(r.receivedAt),
        overdueDays: days,
        band: days <= 7 ? ('1-7' as const) : ('8+' as const),
        coverage:
          r.type === 'renew'
            ? null
            : r.type === 'partial'
              ? ('partial' as const)
              : ('full' as const),
        reversed: r.reversed,
      };
    }),
  };
}

export async function listExcess(
  deps: OfflineDeps,
  body: z.output<typeof excessListBodySchema>,
  callerId: number,
) {
  const { list, total } = await repo.listExcess(deps.db, body);
  const names = await staffNames(
    deps,
    list.flatMap((r) => [r.refund?.requestedBy ?? null, r.refund?.approvedBy ?? null]),
  );
  return {
    total,
    list: list.map((r) => ({
      id: r.repayment.id,
      serialNo: r.repayment.serialNo,
      orderId: r.repayment.orderId,
      orderNo: r.orderNo,
      customerName: maskName(r.customerName),
      customerPhone: maskPhone(r.customerPhone),
      bankAccount: maskBankAccount(r.bankAccount),
      bankAccountVerified: r.bankAccountVerified,
      amountPaise: paiseToApi(r.repayment.amountPaise),
      excessPaise: paiseToApi(r.repayment.excessPaise),
      valueDate: r.repayment.valueDate ?? r.repayment.businessDate,
      postedAt: toIso(r.repayment.receivedAt),
      status: r.status as ExcessStatus,
      requestedByMe: r.refund?.requestedBy === callerId,
      requestedBy: r.refund ? (names.get(r.refund.requestedBy) ?? null) : null,
      approvedBy: r.refund?.approvedBy ? (names.get(r.refund.approvedBy) ?? null) : null,
      utr: r.utr,
      errorMessage: r.errorMessage,
    })),
  };
}

async function excessOf(deps: OfflineDeps, repaymentId: number) {
  const row = await repaymentWithOrder(deps.db, repaymentId);
  if (!row || row.repayment.excessPaise <= 0n || row.repayment.reversed)
    throw new AppError('notFound', { field: 'repaymentId', detail: String(repaymentId) });
  return row;
}

/** The maker asks for a refund of an overpayment still held, to a verified account only. */
export async function requestExcessRefund(
  deps: OfflineDeps,
  input: { repaymentId: number; reason: string },
  actorId: number,
) {
  const { repayment, order, verified } = await excessOf(deps, input.repaymentId);
  if (order.status !== 'OVERPAID' || order.overpaidPaise <= 0n)
    throw new AppError('orderStateConflict', { field: order.orderNo, detail: order.status });
  if (!verified)
    throw new AppError('conflict', { detail: "the borrower's bank account is not verified" });
  const created = await repo.insertExcessRefund(deps.db, {
    repaymentId: repayment.id,
    orderId: order.id,
    amountPaise: order.overpaidPaise,
    reason: input.reason,
    requestedBy: actorId,
    requestedAt: deps.clock.now(),
  });
  if (!created) throw new AppError('duplicate', { field: `The refund of ${repayment.serialNo}` });
  return { repaymentId: repayment.id, status: 'awaitingApproval' as const, payoutId: null };
}

/**
 * The checker approves: the loan book's refund payout is created (the caller's idempotency
 * key; one live refund per order) and sent to the gateway after the call commits.
 */
export async function approveExcessRefund(
  deps: OfflineDeps,
  input: { repaymentId: number; idempotencyKey: string },
  actorId: number,
) {
  const result = await deps.db.transaction(async (tx) => {
    const request = await repo.lockExcessRefundOf(tx, input.repaymentId);
    if (!request)
      throw new AppError('notFound', { field: 'repaymentId', detail: String(input.repaymentId) });
    if (request.approvedBy !== null)
      throw new AppError('alreadyReviewed', {
        field: `The refund of repayment ${input.repaymentId}`,
        detail: 'approved',
      });
    if (request.requestedBy === actorId)
      throw new AppError('sameMakerChecker', {
        field: `The refund of repayment ${input.repaymentId}`,
      });
    const disbursalChannel = await disbursalChannelOf(tx, request.orderId);
    const refund = await createRefund(
      { ...deps.loanBook, db: tx as unknown as Database },
      {
        orderId: request.orderId,
        idempotencyKey: input.idempotencyKey,
        channel: disbursalChannel ?? 'sandbox',
      },
      actorId,
    );
    await repo.updateExcessRefund(tx, request.id, {
      approvedBy: actorId,
      approvedAt: deps.clock.now(),
      payoutId: refund.payoutId ?? null,
    });
    return {
      repaymentId: input.repaymentId,
      status: 'refunding' as const,
      payoutId: refund.payoutId ?? null,
    };
  });
  if (result.payoutId !== null) deps.loanBook.onPayoutCommitted?.(result.payoutId);
  return result;
}
