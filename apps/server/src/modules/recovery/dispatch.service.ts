import type {
  manualDispatchBodySchema,
  moveBookBodySchema,
  takeBackBodySchema,
} from '@lending/contract';
import { addDays } from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { closeSettledCases } from './case-state.repository.js';
import { capOf } from './dispatch.js';
import {
  assignCase,
  collectorLoads,
  groupsById,
  lockCases,
  lockCollectors,
  lockOpenCasesOf,
  openCaseIdsOf,
  recordMoves,
  returnToPool,
} from './dispatch.repository.js';
import type { Body, RecoveryDeps } from './recovery.deps.js';
import { autoDispatch } from './recovery.engine.js';
import type { CaseKind } from './recovery.table.js';

/** Dealing cases out by hand: manual dispatch, take back, a whole book moved, a dispatch run. */

/**
 * Manual dispatch of selected cases to one receiver, in one transaction: the receiver's row
 * and the cases are locked, so two dispatchers racing for the receiver's last places cannot
 * both pass the cap check. A case already with the receiver, closed, of the wrong kind or
 * stage, or over the cap: 409 and nothing moves.
 */
export async function manualDispatch(
  deps: RecoveryDeps,
  actorId: number,
  body: Body<typeof manualDispatchBodySchema>,
) {
  const now = deps.clock.now();
  await closeSettledCases(deps.db, now, body.caseIds);
  return deps.db.transaction(async (tx) => {
    const [receiver] = await lockCollectors(tx, [body.collectorId]);
    if (!receiver) throw new AppError('notFound', { field: 'collectorId' });
    const [group] = await groupsById(tx, [receiver.groupId]);
    const ids = [...new Set(body.caseIds)].sort((a, b) => a - b);
    const cases = await lockCases(tx, ids);
    if (cases.length !== ids.length) throw new AppError('notFound', { field: 'caseIds' });
    for (const c of cases) {
      const why =
        c.status !== 'open'
          ? `case ${c.id} is ${c.status}`
          : c.kind !== group!.kind
            ? `case ${c.id} is not a ${group!.kind} case`
            : !group!.stages.includes(c.stage)
              ? `group ${group!.name} does not take stage ${c.stage}`
              : c.collectorId === receiver.userId
                ? `case ${c.id} is already with this collector`
                : null;
      if (why) throw new AppError('conflict', { field: 'caseIds', detail: why });
    }
    if (!receiver.onDuty)
      throw new AppError('conflict', { field: 'collectorId', detail: 'the collector is off duty' });
    const load = (await collectorLoads(tx, indiaDateOf(now))).find(
      (c) => c.userId === receiver.userId,
    )!;
    const cap = capOf(load, {
      id: group!.id,
      kind: group!.kind,
      stages: group!.stages,
      dailyCap: group!.dailyCap,
      mode: group!.dispatchMode,
      active: group!.active,
      lastCollectorId: null,
    });
    if (load.assignedToday + cases.length > cap)
      throw new AppError('conflict', {
        field: 'collectorId',
        detail: `the collector has ${Math.max(cap - load.assignedToday, 0)} of ${cap} places left today`,
      });
    await assignCases(
      tx,
      cases,
      receiver.userId,
      group!.id,
      group!.keepDays,
      'manual',
      actorId,
      now,
    );
    return { dispatched: cases.length, undispatched: [] };
  });
}

async function assignCases(
  tx: Executor,
  cases: { id: number; collectorId: number | null; stage: string }[],
  collectorId: number,
  groupId: number,
  keepDays: number,
  reason: 'manual' | 'moveBook',
  actorId: number,
  now: Date,
  note?: string,
) {
  const today = indiaDateOf(now);
  for (const c of cases)
    await assignCase(tx, c.id, { collectorId, groupId }, now, addDays(today, keepDays - 1));
  await recordMoves(
    tx,
    cases.map((c) => ({
      caseId: c.id,
      reason,
      fromCollectorId: c.collectorId,
      toCollectorId: collectorId,
      fromStage: c.stage,
      toStage: c.stage,
      actorId,
      note: note ?? null,
      at: now,
    })),
  );
}

export async function takeBack(
  deps: RecoveryDeps,
  actorId: number,
  body: Body<typeof takeBackBodySchema>,
) {
  const now = deps.clock.now();
  await closeSettledCases(deps.db, now, body.caseIds);
  return deps.db.transaction(async (tx) => {
    const ids = [...new Set(body.caseIds)].sort((a, b) => a - b);
    const cases = await lockCases(tx, ids);
    if (cases.length !== ids.length) throw new AppError('notFound', { field: 'caseIds' });
    for (const c of cases)
      if (c.status !== 'open' || c.collectorId === null)
        throw new AppError('conflict', {
          field: 'caseIds',
          detail:
            c.status !== 'open' ? `case ${c.id} is ${c.status}` : `case ${c.id} is in the pool`,
        });
    await returnToPool(tx, ids);
    await recordMoves(
      tx,
      cases.map((c) => ({
        caseId: c.id,
        reason: 'takeBack',
        fromCollectorId: c.collectorId,
        fromStage: c.stage,
        toStage: c.stage,
        actorId,
        note: body.remarks,
        at: now,
      })),
    );
    return { dispatched: 0, undispatched: [] };
  });
}

/** Every open case of one collector to another of a group of the same kind (caps do not apply: a book moves whole). */
export async function moveBook(
  deps: RecoveryDeps,
  actorId: number,
  body: Body<typeof moveBookBodySchema>,
) {
  if (body.fromCollectorId === body.toCollectorId)
    throw AppError.invalid('toCollectorId', 'choose another collector');
  const now = deps.clock.now();
  // The book moves without the cases whose order moved on: those close first.
  await closeSettledCases(deps.db, now, await openCaseIdsOf(deps.db, body.fromCollectorId));
  return deps.db.transaction(async (tx) => {
    const pair = await lockCollectors(tx, [body.fromCollectorId, body.toCollectorId]);
    const to = pair.find((c) => c.userId === body.toCollectorId);
    const from = pair.find((c) => c.userId === body.fromCollectorId);
    if (!from) throw new AppError('notFound', { field: 'fromCollectorId' });
    if (!to) throw new AppError('notFound', { field: 'toCollectorId' });
    const groups = await groupsById(tx, [from.groupId, to.groupId]);
    const toGroup = groups.find((g) => g.id === to.groupId)!;
    const fromGroup = groups.find((g) => g.id === from.groupId)!;
    if (toGroup.kind !== fromGroup.kind)
      throw new AppError('conflict', {
        field: 'toCollectorId',
        detail: 'the receiver works another kind of case',
      });
    const cases = await lockOpenCasesOf(tx, from.userId);
    if (cases.length === 0)
      throw new AppError('conflict', { field: 'fromCollectorId', detail: 'no open cases to move' });
    await assignCases(tx, cases, to.userId, toGroup.id, toGroup.keepDays, 'moveBook', actorId, now);
    return { dispatched: cases.length, undispatched: [] };
  });
}

export async function runDispatch(deps: RecoveryDeps, actorId: number, kind: CaseKind) {
  const now = deps.clock.now();
  await closeSettledCases(deps.db, now);
  return autoDispatch(deps.db, [kind], now, actorId);
}
