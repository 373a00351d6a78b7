import type {
  OperationLogDetail,
  OperationLogEntry,
  operationLogBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import type { AuditEntry, AuditPort, AuditRecorder } from '../../plugins/audit-port.js';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { toIso } from '../../shared/timestamps.js';
import type { AuditEventRow } from './audit-events.table.js';
import { findAuditEvent, insertAuditEvent, listAuditEvents } from './audit.repository.js';
import { currentScope, noteRecorded, runInAuditScope } from './audit-scope.js';
import { redact } from './redact.js';

/**
 * Writes one audit row on `executor` (which must be the transaction of the change). Inside an
 * audited call the row carries the call's interface id, actor, address and user agent.
 */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  const call = currentScope()?.call;
  await insertAuditEvent(executor, {
    actorId: entry.actorId !== undefined ? entry.actorId : (call?.actor?.id ?? null),
    action: entry.action ?? call?.interfaceId ?? 'system',
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: redact(entry.before),
    after: redact(entry.after),
    at: entry.at ?? call?.at ?? new Date(),
    interfaceId: call?.interfaceId ?? null,
    module: call?.module ?? entry.action?.split('.')[0] ?? '',
    actorName: call?.actor?.name ?? '',
    actorEmail: call?.actor?.email ?? '',
    ip: call?.ip ?? '',
    userAgent: (call?.userAgent ?? '').slice(0, 500),
    summary: (entry.summary ?? call?.summary ?? '').slice(0, 500),
    request: call ? redact(call.request) : null,
  });
  noteRecorded();
}

function idOf(request: unknown): string {
  if (request && typeof request === 'object' && 'id' in request) {
    const id = (request as { id: unknown }).id;
    if (typeof id === 'number' || typeof id === 'string') return String(id);
  }
  return '';
}

export function createAuditPort(db: Database): AuditPort {
  return {
    run(call, body) {
      return runInAuditScope(db, call, async (tx, scope) => {
        const recorder: AuditRecorder = { record: (entry) => recordAudit(tx, entry) };
        const result = await body(tx, recorder);
        if (scope.recorded() === 0) {
          // The handler described nothing itself: the call and its (redacted) body still are.
          await recordAudit(tx, { targetType: call.module, targetId: idOf(call.request) });
        }
        return result;
      });
    },
  };
}

function toEntry(row: AuditEventRow): OperationLogEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    actorEmail: row.actorEmail,
    action: row.action,
    module: row.module,
    summary: row.summary,
    targetType: row.targetType,
    targetId: row.targetId,
    ip: row.ip,
    at: toIso(row.at),
  };
}

export function createOperationLogService(db: Database) {
  return {
    async list(
      body: z.output<typeof operationLogBodySchema>,
    ): Promise<{ list: OperationLogEntry[]; total: number }> {
      const { list, total } = await listAuditEvents(db, body);
      return { list: list.map(toEntry), total };
    },

    async detail(id: number): Promise<OperationLogDetail> {
      const row = await findAuditEvent(db, id);
      if (!row) throw new AppError('notFound', { field: 'id', detail: String(id) });
      return {
        ...toEntry(row),
        userAgent: row.userAgent,
        before: row.before,
        after: row.after,
        request: row.request,
      };
    },
  };
}

export type OperationLogService = ReturnType<typeof createOperationLogService>;
