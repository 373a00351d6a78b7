import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { queryRows } from '../../shared/sql-rows.js';
import { loanProducts } from '../loan-book/tables.js';
import { staffUsers } from '../user/tables.js';
import {
  rejectionCodes,
  reviewers,
  reviewGroups,
  reviewTasks,
  type ReviewGroupRow,
  type ReviewStage,
} from './approval.table.js';

// Review administration's SQL: the groups, the reviewers and the rejection codes.

// ——— groups ———

/** The names of each group's members, by name. */
export function membersOfGroups(db: Executor, groupIds: readonly number[]) {
  return db
    .select({ groupId: reviewers.groupId, name: staffUsers.name })
    .from(reviewers)
    .innerJoin(staffUsers, eq(staffUsers.id, reviewers.userId))
    .where(inArray(reviewers.groupId, [...groupIds]))
    .orderBy(asc(staffUsers.name));
}

/** Every loan product's id and name, in id order. */
export function productNames(db: Executor) {
  return db
    .select({ id: loanProducts.id, name: loanProducts.name })
    .from(loanProducts)
    .orderBy(asc(loanProducts.id));
}

/** How many of the ids are loan products. */
export async function countProducts(db: Executor, ids: readonly number[]): Promise<number> {
  const found = await db
    .select({ id: loanProducts.id })
    .from(loanProducts)
    .where(inArray(loanProducts.id, [...ids]));
  return found.length;
}

export async function countReviewGroups(db: Executor): Promise<number> {
  const [existing] = await queryRows(db, sql`select count(*)::int as n from review_groups`);
  return Number(existing?.n ?? 0);
}

/** Adds the groups in one statement; their ids, in the order given. */
export async function addReviewGroups(
  db: Executor,
  rows: (typeof reviewGroups.$inferInsert)[],
): Promise<number[]> {
  const added = await db.insert(reviewGroups).values(rows).returning({ id: reviewGroups.id });
  return added.map((row) => row.id);
}

export async function groupIdNamed(db: Executor, name: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: reviewGroups.id })
    .from(reviewGroups)
    .where(eq(reviewGroups.name, name));
  return row?.id;
}

export async function findGroup(db: Executor, id: number): Promise<ReviewGroupRow | undefined> {
  const [group] = await db.select().from(reviewGroups).where(eq(reviewGroups.id, id));
  return group;
}

export async function insertGroup(
  db: Executor,
  values: typeof reviewGroups.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(reviewGroups).values(values).returning({ id: reviewGroups.id });
  return row!.id;
}

export async function updateGroup(
  db: Executor,
  id: number,
  values: Partial<typeof reviewGroups.$inferInsert>,
): Promise<void> {
  await db.update(reviewGroups).set(values).where(eq(reviewGroups.id, id));
}

export async function groupHasMembers(db: Executor, id: number): Promise<boolean> {
  const [member] = await db
    .select({ userId: reviewers.userId })
    .from(reviewers)
    .where(eq(reviewers.groupId, id));
  return member !== undefined;
}

export async function deleteGroupRow(db: Executor, id: number): Promise<void> {
  await db.delete(reviewGroups).where(eq(reviewGroups.id, id));
}

// ——— reviewers ———

export async function staffStatusOf(db: Executor, userId: number) {
  const [staff] = await db
    .select({ id: staffUsers.id, status: staffUsers.status })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  return staff;
}

export async function upsertReviewer(
  db: Executor,
  values: Omit<typeof reviewers.$inferInsert, 'updatedAt'>,
  now: Date,
): Promise<void> {
  await db
    .insert(reviewers)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: reviewers.userId,
      set: {
        groupId: values.groupId,
        onDuty: values.onDuty,
        dailyCap: values.dailyCap,
        updatedAt: now,
      },
    });
}

/** Adds reviewers (staff members in a group) in one statement. */
export async function addReviewers(
  db: Executor,
  rows: (typeof reviewers.$inferInsert)[],
): Promise<void> {
  if (rows.length) await db.insert(reviewers).values(rows);
}

/** A reviewer's duty and their group's stage and state (undefined for someone not a reviewer). */
export async function reviewerStage(db: Executor, userId: number) {
  const [row] = await db
    .select({ onDuty: reviewers.onDuty, stage: reviewGroups.stage, active: reviewGroups.active })
    .from(reviewers)
    .innerJoin(reviewGroups, eq(reviewGroups.id, reviewers.groupId))
    .where(eq(reviewers.userId, userId));
  return row;
}

/** The reviewers (of a stage, or all) with their name, stage and duty, by name. */
export function reviewersWithStage(db: Executor, stage: ReviewStage | undefined) {
  return db
    .select({
      userId: reviewers.userId,
      name: staffUsers.name,
      stage: reviewGroups.stage,
      onDuty: reviewers.onDuty,
    })
    .from(reviewers)
    .innerJoin(staffUsers, eq(staffUsers.id, reviewers.userId))
    .innerJoin(reviewGroups, eq(reviewGroups.id, reviewers.groupId))
    .where(stage ? eq(reviewGroups.stage, stage) : undefined)
    .orderBy(asc(staffUsers.name));
}

/** Enabled staff accounts not yet reviewers, by name. */
export async function staffNotReviewing(db: Executor) {
  const all = await db.select({ userId: reviewers.userId }).from(reviewers);
  return db
    .select({ userId: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.status, 'enabled'),
        all.length
          ? notInArray(
              staffUsers.id,
              all.map((r) => r.userId),
            )
          : undefined,
      ),
    )
    .orderBy(asc(staffUsers.name));
}

export function groupOptions(db: Executor) {
  return db
    .select({ id: reviewGroups.id, name: reviewGroups.name, stage: reviewGroups.stage })
    .from(reviewGroups)
    .orderBy(asc(reviewGroups.id));
}

// ——— rejection codes ———

export async function rejectionCodeIdOf(db: Executor, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: rejectionCodes.id })
    .from(rejectionCodes)
    .where(eq(rejectionCodes.code, code));
  return row?.id;
}

/** The enabled rejection codes with their stage, by id. */
export function enabledRejectionCodes(db: Executor) {
  return db
    .select({ id: rejectionCodes.id, stage: rejectionCodes.stage })
    .from(rejectionCodes)
    .where(eq(rejectionCodes.enabled, true))
    .orderBy(asc(rejectionCodes.id));
}

/** Adds rejection codes in one statement. */
export async function addRejectionCodes(
  db: Executor,
  rows: (typeof rejectionCodes.$inferInsert)[],
): Promise<void> {
  await db.insert(rejectionCodes).values(rows);
}

export async function insertRejectionCode(
  db: Executor,
  values: typeof rejectionCodes.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(rejectionCodes).values(values).returning({ id: rejectionCodes.id });
  return row!.id;
}

/** Changes a code; false when there is no such code. */
export async function updateRejectionCode(
  db: Executor,
  id: number,
  values: Partial<typeof rejectionCodes.$inferInsert>,
): Promise<boolean> {
  const [row] = await db
    .update(rejectionCodes)
    .set(values)
    .where(eq(rejectionCodes.id, id))
    .returning({ id: rejectionCodes.id });
  return row !== undefined;
}

export async function lockRejectionCode(db: Executor, id: number) {
  const [code] = await db
    .select()
    .from(rejectionCodes)
    .where(eq(rejectionCodes.id, id))
    .for('update');
  return code;
}

/** Whether any decision recorded the code. */
export async function rejectionCodeUsed(db: Executor, id: number): Promise<boolean> {
  const [used] = await db
    .select({ id: reviewTasks.id })
    .from(reviewTasks)
    .where(eq(reviewTasks.rejectionCodeId, id))
    .limit(1);
  return used !== undefined;
}

export async function deleteRejectionCodeRow(db: Executor, id: number): Promise<void> {
  await db.delete(rejectionCodes).where(eq(rejectionCodes.id, id));
}
