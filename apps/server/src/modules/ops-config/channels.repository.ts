import { count, eq, ilike, or } from 'drizzle-orm';
import type { listChannelsBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, runList } from '../../shared/list-query.js';
import { borrowerAccounts } from '../borrower-app/tables.js';
import { acquisitionChannels } from './ops-config.table.js';

/** The channels, each with the registrations that came by it (the borrower app's accounts). */
export function listChannels(db: Executor, body: z.output<typeof listChannelsBodySchema>) {
  const registrations = db
    .select({ channel: borrowerAccounts.channel, n: count().as('n') })
    .from(borrowerAccounts)
    .groupBy(borrowerAccounts.channel)
    .as('registrations');
  return runList(
    db,
    {
      select: () =>
        db
          .select({ channel: acquisitionChannels, registrations: registrations.n })
          .from(acquisitionChannels)
          .leftJoin(registrations, eq(registrations.channel, acquisitionChannels.code)),
      where: {
        code: (code) =>
          or(
            ilike(acquisitionChannels.code, containsPattern(code)),
            ilike(acquisitionChannels.name, containsPattern(code)),
          )!,
        status: (status) => eq(acquisitionChannels.status, status),
      },
      sortColumns: { code: acquisitionChannels.code, updatedAt: acquisitionChannels.updatedAt },
      defaultSort: { field: 'code', order: 'asc' },
      id: acquisitionChannels.code,
    },
    body,
  );
}

export async function findChannel(db: Executor, code: string) {
  const [row] = await db
    .select()
    .from(acquisitionChannels)
    .where(eq(acquisitionChannels.code, code));
  return row;
}

type ChannelValues = Omit<typeof acquisitionChannels.$inferInsert, 'code'>;

export async function updateChannel(db: Executor, code: string, values: ChannelValues) {
  const [row] = await db
    .update(acquisitionChannels)
    .set(values)
    .where(eq(acquisitionChannels.code, code))
    .returning();
  return row!;
}

export async function insertChannel(db: Executor, values: typeof acquisitionChannels.$inferInsert) {
  const [row] = await db.insert(acquisitionChannels).values(values).returning();
  return row!;
}

export async function anyChannelSaved(db: Executor): Promise<boolean> {
  const anyChannel = await db
    .select({ c: acquisitionChannels.code })
    .from(acquisitionChannels)
    .limit(1);
  return anyChannel.length > 0;
}

export async function insertChannelsIfAbsent(
  db: Executor,
  rows: (typeof acquisitionChannels.$inferInsert)[],
): Promise<void> {
  await db.insert(acquisitionChannels).values(rows).onConflictDoNothing();
}
