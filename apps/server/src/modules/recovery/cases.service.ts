import type {
  CaseDetail,
  CaseRow,
  caseDetailBodySchema,
  caseListBodySchema,
} from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { withinContactHours } from '../../shared/contact-hours.js';
import { indiaClockOf } from '../../shared/india-date.js';
import { intFromDb, paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import {
  caseFollowUps,
  caseMoves,
  casePromises,
  caseRowOf,
  findCase,
  latestCaseOfOrder,
  listCaseRows,
  scopeOf,
  type CaseSelectRow,
} from './cases.repository.js';
import { readNow, type Body, type RecoveryDeps } from './recovery.deps.js';

/** The case list and a case's detail, each within the caller's scope (scopeOf). */

function toCaseRow(r: CaseSelectRow, today: string): CaseRow {
  const c = r.c;
  return {
    id: c.id,
    kind: c.kind,
    orderId: c.orderId,
    orderNo: r.orderNo,
    customerName: maskName(r.customerName),
    customerPhone: maskPhone(r.customerPhone),
    status: r.status as CaseRow['status'],
    outcome: (r.outcome as CaseRow['outcome']) ?? null,
    stage: c.stage,
    dueDate: c.dueDate,
    overdueDays: r.overdueDays,
    rbiClass: r.rbiClass,
    rescheduled: r.rescheduled,
    owedAtAssignmentPaise: paiseToApi(c.owedAtAssignmentPaise),
    outstandingPaise: paiseToApi(paiseFromDb(r.outstanding)),
    recoveredPaise: paiseToApi(paiseFromDb(r.recovered)),
    collectorId: c.collectorId,
    collectorName: r.collectorName,
    groupId: c.groupId,
    groupName: r.groupName,
    undispatchedReason: (c.undispatchedReason as CaseRow['undispatchedReason']) ?? null,
    followStatus: (c.followStatus as CaseRow['followStatus']) ?? null,
    promiseDate: r.promiseDate,
    promisePaise: r.promisePaise === null ? null : paiseToApi(paiseFromDb(r.promisePaise)),
    promiseBroken: Boolean(r.broken),
    promiseToday: r.promiseDate === today,
    lastContactAt: c.lastContactAt?.toISOString() ?? null,
    attemptsToday: intFromDb(r.attemptsToday),
    assignedAt: c.assignedAt?.toISOString() ?? null,
    openedAt: c.openedAt.toISOString(),
    closedAt: r.closedAt === null ? null : new Date(r.closedAt).toISOString(),
  };
}

export async function listCases(
  deps: RecoveryDeps,
  userId: number,
  body: Body<typeof caseListBodySchema>,
) {
  const at = readNow(deps);
  const scope = await scopeOf(deps.db, userId);
  const { list, total } = await listCaseRows(deps.db, at, userId, scope, body);
  return { total, list: list.map((r) => toCaseRow(r, at.today)) };
}

/** A case the caller may reach: 404 when there is none, 403 when it is another collector's. */
export async function caseInScope(db: Executor, userId: number, caseId: number) {
  const c = await findCase(db, caseId);
  if (!c) throw new AppError('notFound', { field: 'caseId' });
  const scope = await scopeOf(db, userId);
  if (
    scope &&
    c.collectorId !== scope.userId &&
    !(c.collectorId === null && c.groupId === scope.groupId)
  )
    throw new AppError('caseOutOfScope', { field: String(caseId) });
  return c;
}

export async function caseDetail(
  deps: RecoveryDeps,
  userId: number,
  body: Body<typeof caseDetailBodySchema>,
): Promise<CaseDetail> {
  const at = readNow(deps);
  let caseId = body.caseId;
  if (caseId === undefined) {
    const scope = await scopeOf(deps.db, userId);
    const latest = await latestCaseOfOrder(deps.db, at, body.orderNo!, scope);
    if (!latest) throw new AppError('notFound', { field: 'orderNo' });
    caseId = latest.c.id;
  }
  await caseInScope(deps.db, userId, caseId);
  const item = toCaseRow((await caseRowOf(deps.db, at, caseId))!, at.today);
  const rules = await deps.contactRules();
  const moves = await caseMoves(deps.db, caseId);
  const followUps = await caseFollowUps(deps.db, caseId);
  const promises = await casePromises(deps.db, at, caseId);
  return {
    case: item,
    moves: moves.map(({ m, fromCollector, toCollector, actor }) => ({
      id: m.id,
      reason: m.reason as CaseDetail['moves'][number]['reason'],
      fromCollector,
      toCollector,
      fromStage: m.fromStage,
      toStage: m.toStage,
      actor,
      note: m.note,
      at: m.at.toISOString(),
    })),
    followUps: followUps.map(({ f, collector }) => ({
      id: f.id,
      collector,
      channel: f.channel as CaseDetail['followUps'][number]['channel'],
      result: (f.result as CaseDetail['followUps'][number]['result']) ?? null,
      detailCode: f.detailCode,
      promiseDate: f.promiseDate,
      promisePaise: f.promisePaise === null ? null : paiseToApi(f.promisePaise),
      remarks: f.remarks,
      refused: f.refused,
      refusal: f.refusal,
      at: f.at.toISOString(),
    })),
    promises: promises.map((p) => ({
      id: intFromDb(p.id),
      dueDate: String(p.due_date),
      amountPaise: paiseToApi(paiseFromDb(p.amount_paise)),
      instalment: p.instalment === null ? null : intFromDb(p.instalment),
      status: String(p.status) as 'open' | 'kept' | 'broken',
    })),
    contact: {
      phone: item.customerPhone,
      windowStart: rules.contactStart,
      windowEnd: rules.contactEnd,
      withinHours: withinContactHours(
        indiaClockOf(deps.clock.now()),
        rules.contactStart,
        rules.contactEnd,
      ),
      attemptsToday: item.attemptsToday,
      attemptCap: rules.attemptCapPerDay,
    },
  };
}
