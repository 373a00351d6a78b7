import { eq, ilike, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { listResultSchema } from '@lending/contract';
import { z } from 'zod';
import {
  containsPattern,
  EXACT_TOTAL_CAP,
  flagEstimatedTotal,
  indiaDayRange,
  listOrder,
  runList,
  type ListBody,
  type ListOptions,
} from './list-query.js';
import { queryRows } from './sql-rows.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';

/** A table of this test's own, so the helper is tried apart from any business list. */
const parcels = pgTable('list_query_parcels', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
  status: text('status').notNull(),
  weight: integer('weight'),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
});
const scans = pgTable('list_query_scans', {
  id: integer('id').primaryKey(),
  parcelId: integer('parcel_id').notNull(),
});

interface ParcelFilters {
  label?: string;
  status?: string;
  dateFrom?: string;
  dateTo?: string;
}

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ demoData: false });
  await t.db.execute(sql`create table list_query_parcels (
    id integer primary key, label text not null, status text not null, weight integer,
    sent_at timestamptz not null)`);
  await t.db.execute(sql`create table list_query_scans (
    id integer primary key, parcel_id integer not null)`);
  // India is UTC+05:30: 18:30 UTC is midnight in India, the first instant of the next day.
  await t.db.insert(parcels).values([
    { id: 1, label: 'Books 100%', status: 'sent', weight: 5, sentAt: at('2025-01-14T18:29:59Z') },
    { id: 2, label: 'Books', status: 'sent', weight: 5, sentAt: at('2025-01-14T18:30:00Z') },
    { id: 3, label: 'Lamp', status: 'held', weight: null, sentAt: at('2025-01-15T12:00:00Z') },
    { id: 4, label: 'Lamp shade', status: 'sent', weight: 5, sentAt: at('2025-01-15T18:29:59Z') },
    { id: 5, label: 'Chair', status: 'held', weight: 9, sentAt: at('2025-01-15T18:30:00Z') },
    { id: 6, label: 'Desk', status: 'sent', weight: 5, sentAt: at('2025-01-16T09:00:00Z') },
  ]);
  await t.db.insert(scans).values([
    { id: 1, parcelId: 2 },
    { id: 2, parcelId: 2 },
    { id: 3, parcelId: 5 },
  ]);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

function at(iso: string): Date {
  return new Date(iso);
}

function listParcels(body: ListBody<ParcelFilters>, options?: ListOptions) {
  return runList(
    t.db,
    {
      select: () => t.db.select().from(parcels),
      where: {
        label: (label) => ilike(parcels.label, containsPattern(label)),
        status: (status) => eq(parcels.status, status),
        ...indiaDayRange(parcels.sentAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: { id: parcels.id, weight: parcels.weight, sentAt: parcels.sentAt },
      defaultSort: { field: 'id', order: 'desc' },
      id: parcels.id,
    },
    body,
    options,
  );
}

async function ids(body: Partial<ListBody<ParcelFilters>>): Promise<number[]> {
  const { list } = await listParcels({ page: 1, pageSize: 100, ...body });
  return list.map((parcel) => parcel.id);
}

function refusal(run: () => Promise<unknown>) {
  return run().then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).params;
    },
  );
}

describe('runList', () => {
  it('answers one page in the default order, with the total of every matching row', async () => {
    expect(await listParcels({ page: 1, pageSize: 4 })).toMatchObject({
      list: [{ id: 6 }, { id: 5 }, { id: 4 }, { id: 3 }],
      total: 6,
    });
    expect(await ids({ page: 2, pageSize: 4 })).toEqual([2, 1]);
  });

  it('a page past the end is empty and still tells the total, so the caller can step back', async () => {
    expect(await listParcels({ page: 9, pageSize: 4 })).toEqual({ list: [], total: 6 });
  });

  it('applies each filter through its own condition; empty text is no filter', async () => {
    expect(await ids({ filters: { status: 'held' } })).toEqual([5, 3]);
    expect(await ids({ filters: { label: 'lamp', status: 'sent' } })).toEqual([4]);
    // The caller's % is a character, not a wildcard.
    expect(await ids({ filters: { label: '100%' } })).toEqual([1]);
    expect(await ids({ filters: { label: '', status: 'held' } })).toEqual([5, 3]);
    const filtered = await listParcels({ page: 1, pageSize: 1, filters: { status: 'sent' } });
    expect(filtered.total).toBe(4);
  });

  it('takes India dates, both ends inclusive, from midnight to midnight in India', async () => {
    expect(await ids({ filters: { dateFrom: '2025-01-15', dateTo: '2025-01-15' } })).toEqual([
      4, 3, 2,
    ]);
    expect(await ids({ filters: { dateFrom: '2025-01-16' } })).toEqual([6, 5]);
    expect(await ids({ filters: { dateTo: '2025-01-14' } })).toEqual([1]);
  });

  it('sorts by an offered field, nulls first ascending and last descending, ties by id', async () => {
    expect(await ids({ sort: { field: 'weight', order: 'asc' } })).toEqual([3, 1, 2, 4, 6, 5]);
    expect(await ids({ sort: { field: 'weight', order: 'desc' } })).toEqual([5, 6, 4, 2, 1, 3]);
    expect(await ids({ sort: { field: 'sentAt', order: 'asc' } })).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('orders a column without nulls as its (column, id) index reads, so a page needs no sort of the table', async () => {
    const plan = (order: 'asc' | 'desc', field: 'sentAt' | 'weight') =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`create index if not exists list_query_parcels_sent_idx
          on list_query_parcels (sent_at, id)`);
        await tx.execute(sql`create index if not exists list_query_parcels_weight_idx
          on list_query_parcels (weight, id)`);
        // Six rows: make the planner show what it would do on a large table.
        await tx.execute(sql`set local enable_seqscan = off`);
        const orderBy = listOrder(
          { sentAt: parcels.sentAt, weight: parcels.weight },
          parcels.id,
          { field, order },
          { field, order },
        );
        const lines = await queryRows(
          tx,
          sql`explain select id from list_query_parcels order by ${sql.join(orderBy, sql`, `)} limit 2`,
        );
        return lines.map((line) => String(Object.values(line)[0])).join('\n');
      });
    expect(await plan('desc', 'sentAt')).not.toMatch(/Sort/);
    expect(await plan('asc', 'sentAt')).not.toMatch(/Sort/);
    // A column that may hold nulls keeps nulls first ascending: the plain index cannot serve it.
    expect(await plan('asc', 'weight')).toMatch(/Sort/);
  });

  it('pages through ties without repeating or skipping a row', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      seen.push(...(await ids({ page, pageSize: 2, sort: { field: 'weight', order: 'asc' } })));
    }
    expect(seen).toEqual([3, 1, 2, 4, 6, 5]);
  });

  it('refuses a sort field the list does not offer, naming sort.field and the offered ones', async () => {
    const params = await refusal(() =>
      listParcels({ page: 1, pageSize: 10, sort: { field: 'label', order: 'asc' } }),
    );
    expect(params).toMatchObject({
      field: 'sort.field',
      detail: 'must be one of id, weight, sentAt',
    });
  });

  it('counts the rows of a joined query as it pages them', async () => {
    const scanned = await runList(
      t.db,
      {
        select: () =>
          t.db
            .select({ parcelId: parcels.id, scanId: scans.id })
            .from(parcels)
            .innerJoin(scans, eq(scans.parcelId, parcels.id)),
        where: { status: (status: string) => eq(parcels.status, status) },
        sortColumns: { scanId: scans.id },
        defaultSort: { field: 'scanId', order: 'asc' },
        id: scans.id,
      },
      { page: 1, pageSize: 2 },
    );
    expect(scanned).toEqual({
      list: [
        { parcelId: 2, scanId: 1 },
        { parcelId: 2, scanId: 2 },
      ],
      total: 3,
    });
  });
});

describe('runList totals over the exact-count cap (decision 0051)', () => {
  beforeAll(async () => {
    // Statistics of the six rows, so the planner's estimate is the figure a test can name.
    await t.db.execute(sql`analyze list_query_parcels`);
  });

  it('counts exactly up to 1,000 rows (decision 0092)', () => {
    expect(EXACT_TOTAL_CAP).toBe(1_000);
  });

  it('answers the exact total, without the flag, when the rows do not exceed the cap', async () => {
    const answer = await listParcels({ page: 1, pageSize: 2 }, { exactTotalCap: 6 });
    expect(answer.list.map((parcel) => parcel.id)).toEqual([6, 5]);
    expect(answer).not.toHaveProperty('totalIsEstimate');
    expect(answer.total).toBe(6);
  });

  it("answers the planner's estimate, flagged, when the rows exceed the cap", async () => {
    const all = await listParcels({ page: 1, pageSize: 2 }, { exactTotalCap: 3 });
    expect(all.list.map((parcel) => parcel.id)).toEqual([6, 5]);
    expect(all).toMatchObject({ total: 6, totalIsEstimate: true });

    const sent = await listParcels(
      { page: 1, pageSize: 1, filters: { status: 'sent' } },
      { exactTotalCap: 2 },
    );
    expect(sent).toMatchObject({ list: [{ id: 6 }], total: 4, totalIsEstimate: true });
  });

  it('never estimates fewer rows than the cap it counted past', async () => {
    // Four parcels of a status the statistics have never seen: the planner guesses one row.
    const lost = [101, 102, 103, 104].map((id) => ({
      id,
      label: `Lost ${id}`,
      status: 'lost',
      weight: 1,
      sentAt: at('2025-01-20T10:00:00Z'),
    }));
    await t.db.insert(parcels).values(lost);
    try {
      const answer = await listParcels(
        { page: 1, pageSize: 1, filters: { status: 'lost' } },
        { exactTotalCap: 2 },
      );
      // Three were counted before the count stopped: the total is at least that.
      expect(answer).toMatchObject({ list: [{ id: 104 }], total: 3, totalIsEstimate: true });
    } finally {
      await t.db.delete(parcels).where(eq(parcels.status, 'lost'));
    }
  });

  it('keeps the next page reachable: an estimate is never below the rows paged through', async () => {
    // Rows 2 and 1 fill page 3; the planner says 6, but the page could have a next one.
    const full = await listParcels({ page: 3, pageSize: 2 }, { exactTotalCap: 3 });
    expect(full).toMatchObject({ list: [{ id: 2 }, { id: 1 }], total: 7, totalIsEstimate: true });
  });

  it('answers exactly on the last page and past the end, whatever the cap', async () => {
    const last = await listParcels({ page: 2, pageSize: 4 }, { exactTotalCap: 3 });
    expect(last.list.map((parcel) => parcel.id)).toEqual([2, 1]);
    expect(last).not.toHaveProperty('totalIsEstimate');
    expect(last.total).toBe(6);
    expect(await listParcels({ page: 4, pageSize: 2 }, { exactTotalCap: 3 })).toEqual({
      list: [],
      total: 6,
    });
  });

  it('flags an estimated total on the answer a handler rebuilds, and the contract keeps it', async () => {
    const schema = listResultSchema(z.object({ label: z.string() }));
    const rebuilt = (cap: number) =>
      flagEstimatedTotal(async () => {
        const { list, total } = await listParcels({ page: 1, pageSize: 2 }, { exactTotalCap: cap });
        return { list: list.map((parcel) => ({ label: parcel.label })), total };
      }).then((answer) => schema.parse(answer));
    expect(await rebuilt(3)).toEqual({
      list: [{ label: 'Desk' }, { label: 'Chair' }],
      total: 6,
      totalIsEstimate: true,
    });
    expect(await rebuilt(10)).not.toHaveProperty('totalIsEstimate');
    // Outside a call nothing is marked.
    const bare = await listParcels({ page: 1, pageSize: 2 }, { exactTotalCap: 3 });
    expect({ list: bare.list, total: bare.total }).not.toHaveProperty('totalIsEstimate');
  });
});

describe('runList with the default cap (decision 0092)', () => {
  const crates = pgTable('list_query_crates', { id: integer('id').primaryKey() });
  const listCrates = (body: ListBody<Record<string, never>>) =>
    runList(
      t.db,
      {
        select: () => t.db.select().from(crates),
        where: {},
        sortColumns: { id: crates.id },
        defaultSort: { field: 'id', order: 'asc' },
        id: crates.id,
      },
      body,
    );

  beforeAll(async () => {
    await t.db.execute(sql`create table list_query_crates (id integer primary key)`);
    await t.db.execute(sql`insert into list_query_crates select g from generate_series(1, 1000) g`);
    await t.db.execute(sql`analyze list_query_crates`);
  });

  it('counts 1,000 rows exactly, and flags the total of one row more as an estimate', async () => {
    expect(await listCrates({ page: 1, pageSize: 20 })).not.toHaveProperty('totalIsEstimate');
    expect((await listCrates({ page: 1, pageSize: 20 })).total).toBe(1_000);
    await t.db.execute(sql`insert into list_query_crates values (1001)`);
    await t.db.execute(sql`analyze list_query_crates`);
    const over = await listCrates({ page: 1, pageSize: 20 });
    expect(over.totalIsEstimate).toBe(true);
    expect(over.total).toBeGreaterThanOrEqual(1_001);
  });
});
