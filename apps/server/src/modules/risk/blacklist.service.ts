// /toolMage/blacklist: the phones, PANs, devices and bank accounts machine review refuses.
import type { z } from 'zod';
import type {
  blacklistAddBodySchema,
  blacklistListBodySchema,
  blacklistRemoveBodySchema,
} from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import {
  readXlsxRows,
  runImport,
  textOf,
  xlsxBytesOf,
  type UploadedXlsx,
} from '../../shared/import/xlsx-import.js';
import { maskBankAccount, maskPan, maskPhone } from '../../shared/pii.js';
import { toIso } from '../../shared/timestamps.js';
import {
  addBlacklistEntry,
  blacklistEntryExists,
  listBlacklistEntries,
  normaliseBlacklistValue,
  removeBlacklistEntry,
  staffNameOf,
} from './blacklist.repository.js';
import type { RiskDeps } from './risk.deps.js';
import type { BlacklistKind, riskBlacklist } from './risk.table.js';

type Body<S extends z.ZodType> = z.output<S>;

const BLACKLIST_SHAPES = {
  phone: { pattern: /^[6-9]\d{9}$/, message: 'must be a 10-digit Indian mobile number' },
  pan: { pattern: /^[A-Z]{5}[0-9]{4}[A-Z]$/, message: 'must be a PAN (ABCDE1234F)' },
  bankAccount: {
    pattern: /^\d{6,18}$/,
    message: 'must be a bank account number of 6 to 18 digits',
  },
  device: {
    pattern: /^[\w\-:.]{4,64}$/,
    message: 'must be a device id of 4 to 64 letters or digits',
  },
} as const;

function maskedValue(kind: keyof typeof BLACKLIST_SHAPES, value: string): string {
  switch (kind) {
    case 'phone':
      return maskPhone(value);
    case 'pan':
      return maskPan(value);
    case 'bankAccount':
      return maskBankAccount(value);
    case 'device':
      return value;
  }
}

function blacklistView(row: { entry: typeof riskBlacklist.$inferSelect; addedBy: string | null }) {
  return {
    id: row.entry.id,
    kind: row.entry.kind,
    value: maskedValue(row.entry.kind, row.entry.value),
    reason: row.entry.reason,
    source: row.entry.source,
    addedBy: row.addedBy,
    addedAt: toIso(row.entry.addedAt),
    hits: row.entry.hits,
  };
}

export async function listBlacklist(deps: RiskDeps, body: Body<typeof blacklistListBodySchema>) {
  const { list, total } = await listBlacklistEntries(deps.db, body);
  return { list: list.map(blacklistView), total };
}

export async function addToBlacklist(
  deps: RiskDeps,
  body: Body<typeof blacklistAddBodySchema>,
  actorId: number,
) {
  const value = normaliseBlacklistValue(body.kind, body.value);
  const shape = BLACKLIST_SHAPES[body.kind];
  if (!shape.pattern.test(value)) throw AppError.invalid('value', shape.message);
  const row = await addBlacklistEntry(deps.db, { ...body, value }, actorId, deps.clock.now());
  if (!row)
    throw new AppError('duplicate', { field: 'value', detail: maskedValue(body.kind, value) });
  return blacklistView({ entry: row, addedBy: await staffNameOf(deps.db, actorId) });
}

/** The columns of a blacklist file (English or Chinese headers); the source defaults to manual. */
const BLACKLIST_COLUMNS = [
  { key: 'kind', headers: ['type', 'kind', '类型'], required: true },
  { key: 'value', headers: ['value', '值'], required: true },
  { key: 'reason', headers: ['reason', '原因'], required: true },
  { key: 'source', headers: ['source', '来源'] },
] as const;

const KIND_WORDS: Record<string, BlacklistKind> = {
  phone: 'phone',
  手机号: 'phone',
  pan: 'pan',
  device: 'device',
  设备: 'device',
  'bank account': 'bankAccount',
  bankaccount: 'bankAccount',
  银行账户: 'bankAccount',
};
const SOURCE_WORDS: Record<string, 'manual' | 'fraud'> = {
  manual: 'manual',
  手动: 'manual',
  fraud: 'fraud',
  欺诈: 'fraud',
};

/**
 * Entries from .xlsx, each row checked as the add dialog checks it and added in its own
 * savepoint; a value already listed is refused with the reason, so importing the same file
 * again adds nothing. Rejection-code entries come only from rejections, never from a file.
 */
export async function importToBlacklist(deps: RiskDeps, upload: UploadedXlsx, actorId: number) {
  const rows = await readXlsxRows(xlsxBytesOf(upload), BLACKLIST_COLUMNS);
  return runImport(upload.fileName, rows, ({ values }) =>
    deps.db.transaction(async (tx) => {
      const kind = KIND_WORDS[textOf(values.kind)?.toLowerCase() ?? ''];
      if (!kind) throw AppError.invalid('type', 'must be phone, PAN, device or bank account');
      const raw = textOf(values.value);
      if (!raw) throw AppError.invalid('value', 'value cannot be empty');
      const value = normaliseBlacklistValue(kind, raw);
      const shape = BLACKLIST_SHAPES[kind];
      if (!shape.pattern.test(value)) throw AppError.invalid('value', shape.message);
      const reason = textOf(values.reason);
      if (!reason || reason.length > 500)
        throw AppError.invalid('reason', 'must be 1 to 500 characters');
      const sourceText = textOf(values.source);
      const source = sourceText ? SOURCE_WORDS[sourceText.toLowerCase()] : 'manual';
      if (!source) throw AppError.invalid('source', 'must be manual or fraud');
      const row = await addBlacklistEntry(
        tx,
        { kind, value, reason, source },
        actorId,
        deps.clock.now(),
      );
      if (!row) throw AppError.invalid('value', 'already on the blacklist');
      return { id: row.id };
    }),
  );
}

export async function removeFromBlacklist(
  deps: RiskDeps,
  body: Body<typeof blacklistRemoveBodySchema>,
  actorId: number,
) {
  if (!(await blacklistEntryExists(deps.db, body.id)))
    throw new AppError('notFound', { field: 'id', detail: String(body.id) });
  const removed = await removeBlacklistEntry(deps.db, body.id, {
    removedAt: deps.clock.now(),
    removedBy: actorId,
    removeReason: body.reason,
  });
  if (!removed) throw new AppError('conflict', { field: 'id', detail: 'removed already' });
  return { ok: true as const };
}
