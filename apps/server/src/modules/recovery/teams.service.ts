import type {
  collectionGroupListBodySchema,
  collectorListBodySchema,
  CollectorRow,
  GroupRow,
  saveCollectorBodySchema,
  saveGroupBodySchema,
} from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { intFromDb, paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { brokenPromiseLimit } from '../ops-config/index.js';
import type { Body, RecoveryDeps } from './recovery.deps.js';
import {
  deleteGroupRow,
  findGroup,
  groupIdNamed,
  groupUse,
  insertGroup,
  listCollectorRows,
  listGroupRows,
  staffExists,
  updateGroup,
  upsertCollector,
} from './teams.repository.js';

/** The collection floor: groups (kind, stages, caps, dispatch rule) and their collectors. */

export async function listGroups(
  deps: RecoveryDeps,
  body: Body<typeof collectionGroupListBodySchema>,
) {
  const { list, total } = await listGroupRows(deps.db, body);
  const limit = await brokenPromiseLimit(deps.db);
  return {
    total,
    list: list.map(({ g, members, openCases }): GroupRow => ({
      id: g.id,
      kind: g.kind,
      name: g.name,
      stages: g.stages,
      dailyCap: g.dailyCap,
      dispatchMode: g.dispatchMode,
      keepDays: g.keepDays,
      active: g.active,
      brokenPromiseLimit: g.brokenPromiseLimit,
      brokenPromiseLimitInForce: g.brokenPromiseLimit ?? limit,
      members: intFromDb(members),
      openCases: intFromDb(openCases),
    })),
  };
}

export async function saveGroup(deps: RecoveryDeps, body: Body<typeof saveGroupBodySchema>) {
  const values = {
    kind: body.kind,
    name: body.name,
    stages: body.stages,
    dailyCap: body.dailyCap,
    dispatchMode: body.dispatchMode,
    keepDays: body.keepDays,
    active: body.active,
    ...(body.brokenPromiseLimit === undefined
      ? {}
      : { brokenPromiseLimit: body.brokenPromiseLimit }),
  };
  const clash = await groupIdNamed(deps.db, body.kind, body.name);
  if (clash !== undefined && clash !== body.id)
    throw new AppError('duplicate', { field: body.name });
  if (body.id === undefined) {
    await insertGroup(deps.db, values, deps.clock.now());
    return { ok: true as const };
  }
  const existing = await findGroup(deps.db, body.id);
  if (!existing) throw new AppError('notFound', { field: 'id' });
  if (existing.kind !== body.kind)
    throw new AppError('conflict', { field: 'kind', detail: 'a group keeps its kind' });
  await updateGroup(deps.db, body.id, values);
  return { ok: true as const };
}

export async function deleteGroup(deps: RecoveryDeps, id: number) {
  const g = await findGroup(deps.db, id);
  if (!g) throw new AppError('notFound', { field: 'id' });
  const use = await groupUse(deps.db, id);
  if (use.members > 0 || use.openCases > 0)
    throw new AppError('conflict', {
      field: 'id',
      detail: `group ${g.name} still has ${use.members} members and ${use.openCases} open cases`,
    });
  // Closed cases keep their history; the group name leaves them.
  await deleteGroupRow(deps.db, id);
  return { ok: true as const };
}

export async function listCollectors(
  deps: RecoveryDeps,
  body: Body<typeof collectorListBodySchema>,
) {
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  const monthStart = startOfIndiaDate(`${today.slice(0, 8)}01`).toISOString();
  const since = startOfIndiaDate(today).toISOString();
  const { list, total } = await listCollectorRows(deps.db, body, { today, since, monthStart });
  return {
    total,
    list: list.map((r): CollectorRow => ({
      userId: r.rc.userId,
      name: r.name,
      email: r.email,
      groupId: r.g.id,
      groupName: r.g.name,
      kind: r.g.kind,
      onDuty: r.rc.onDuty,
      dailyCap: r.rc.dailyCap ?? r.g.dailyCap,
      weight: r.rc.weight,
      openCases: intFromDb(r.openCases),
      assignedToday: intFromDb(r.assignedToday),
      contactsToday: intFromDb(r.contactsToday),
      recoveredThisMonthPaise: paiseToApi(paiseFromDb(r.recovered)),
    })),
  };
}

export async function saveCollector(
  deps: RecoveryDeps,
  body: Body<typeof saveCollectorBodySchema>,
) {
  if (!(await staffExists(deps.db, body.userId)))
    throw new AppError('notFound', { field: 'userId' });
  if (!(await findGroup(deps.db, body.groupId)))
    throw new AppError('notFound', { field: 'groupId' });
  await upsertCollector(
    deps.db,
    body.userId,
    { groupId: body.groupId, onDuty: body.onDuty, dailyCap: body.dailyCap, weight: body.weight },
    deps.clock.now(),
  );
  return { ok: true as const };
}
