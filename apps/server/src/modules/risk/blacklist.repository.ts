import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { blacklistListBodySchema } from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { indiaDayRange, runList } from '../../shared/list-query.js';
import { staffUsers } from '../user/tables.js';
import { riskBlacklist, type BlacklistKind } from './risk.table.js';

/** Normalises a blacklist value of a kind: the form it is stored and matched in. */
export function normaliseBlacklistValue(kind: BlacklistKind, value: string): string {
  const trimmed = value.trim();
  switch (kind) {
    case 'phone':
      return trimmed
        .replace(/[\s\-()]/g, '')
        .replace(/^\+?91(?=\d{10}$)/, '')
        .replace(/^0(?=\d{10}$)/, '');
    case 'pan':
      return trimmed.toUpperCase();
    case 'bankAccount':
      return trimmed.replace(/[\s-]/g, '');
    case 'device':
      return trimmed;
  }
}

/** Entries already active stay as they were (the unique index on the active entries). */
export async function insertBlacklistEntriesUnlessActive(
  tx: Executor,
  entries: (typeof riskBlacklist.$inferInsert)[],
): Promise<void> {
  await tx.insert(riskBlacklist).values(entries).onConflictDoNothing();
}

/** Adds an entry unless the same kind and value is already listed (then null). */
export async function addBlacklistEntry(
  tx: Executor,
  input: {
    kind: BlacklistKind;
    value: string;
    reason: string;
    source: 'manual' | 'rejectionCode' | 'fraud';
  },
  actorId: number | null,
  at: Date,
) {
  const value = normaliseBlacklistValue(input.kind, input.value);
  const [row] = await tx
    .insert(riskBlacklist)
    .values({ ...input, value, addedBy: actorId, addedAt: at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Which of these phone numbers (stored form) are actively blacklisted. */
export async function blacklistedPhonesAmong(
  db: Executor,
  phones: readonly string[],
): Promise<string[]> {
  if (phones.length === 0) return [];
  const rows = await db
    .select({ phone: riskBlacklist.value })
    .from(riskBlacklist)
    .where(
      and(
        eq(riskBlacklist.kind, 'phone'),
        inArray(riskBlacklist.value, [...phones]),
        isNull(riskBlacklist.removedAt),
      ),
    );
  return rows.map((row) => row.phone);
}

/** Whether the value is actively listed; a match counts a hit on its entry. */
export async function countBlacklistHit(
  tx: Executor,
  kind: BlacklistKind,
  value: string,
): Promise<boolean> {
  const hits = await tx
    .update(riskBlacklist)
    .set({ hits: sql`${riskBlacklist.hits} + 1` })
    .where(
      and(
        eq(riskBlacklist.kind, kind),
        eq(riskBlacklist.value, normaliseBlacklistValue(kind, value)),
        isNull(riskBlacklist.removedAt),
      ),
    )
    .returning({ id: riskBlacklist.id });
  return hits.length > 0;
}

/** /toolMage/blacklist: the active entries, with the name of who added each. */
export function listBlacklistEntries(db: Executor, body: z.output<typeof blacklistListBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ entry: riskBlacklist, addedBy: staffUsers.name })
          .from(riskBlacklist)
          .leftJoin(staffUsers, eq(staffUsers.id, riskBlacklist.addedBy)),
      scope: isNull(riskBlacklist.removedAt),
      where: {
        kind: (kind) => eq(riskBlacklist.kind, kind),
        source: (source) => eq(riskBlacklist.source, source),
        value: (value, filters) => {
          const kinds = filters.kind
            ? [filters.kind]
            : (['phone', 'pan', 'bankAccount', 'device'] as const);
          const forms = [...new Set(kinds.map((kind) => normaliseBlacklistValue(kind, value)))];
          return inArray(riskBlacklist.value, forms);
        },
        ...indiaDayRange(riskBlacklist.addedAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: {
        id: riskBlacklist.id,
        addedAt: riskBlacklist.addedAt,
        hits: riskBlacklist.hits,
      },
      defaultSort: { field: 'addedAt', order: 'desc' },
      id: riskBlacklist.id,
    },
    body,
  );
}

export async function staffNameOf(db: Executor, userId: number): Promise<string | null> {
  const [user] = await db
    .select({ name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  return user?.name ?? null;
}

export async function blacklistEntryExists(db: Executor, id: number): Promise<boolean> {
  const [existing] = await db
    .select({ id: riskBlacklist.id })
    .from(riskBlacklist)
    .where(eq(riskBlacklist.id, id));
  return existing !== undefined;
}

/** Marks an active entry removed (kept, with who and why); false when it was removed already. */
export async function removeBlacklistEntry(
  db: Executor,
  id: number,
  removal: { removedAt: Date; removedBy: number; removeReason: string },
): Promise<boolean> {
  const [removed] = await db
    .update(riskBlacklist)
    .set(removal)
    .where(and(eq(riskBlacklist.id, id), isNull(riskBlacklist.removedAt)))
    .returning({ id: riskBlacklist.id });
  return removed !== undefined;
}
