import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../plugins/db.js';
import { queryRows } from '../shared/sql-rows.js';
import { takeTestDatabase, type TestDatabase } from './test-databases.js';

/*
 * The pool every server test file takes its database from (docs/testing.md): a database a file
 * has released comes back to the next one exactly as the migrations left it, whatever the file
 * did to it, and a database in use is never handed to anyone else. Runs on PGlite and, in the
 * PostgreSQL stage, on a schema of its own.
 */

async function withDatabase<T>(
  database: TestDatabase,
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await database.open();
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function addGroup(handle: DatabaseHandle, name: string): Promise<number> {
  const [row] = await queryRows(
    handle.db,
    sql`insert into recovery_groups (kind, name, stages, daily_cap, dispatch_mode, keep_days, created_at)
        values ('collection', ${name}, '["S1"]'::jsonb, 10, 'leastLoaded', 3, now()) returning id`,
  );
  return Number(row!.id);
}

async function groupNames(handle: DatabaseHandle): Promise<string[]> {
  const rows = await queryRows(handle.db, sql`select name from recovery_groups order by id`);
  return rows.map((row) => String(row.name));
}

describe('the test database pool', () => {
  it('hands the next file an emptied database, its identities starting again at 1', async () => {
    const first = await takeTestDatabase();
    const ids = await withDatabase(first, async (handle) => [
      await addGroup(handle, 'North'),
      await addGroup(handle, 'South'),
    ]);
    expect(ids).toEqual([1, 2]);
    first.release();

    const next = await takeTestDatabase();
    try {
      // The same database (the worker reuses it), reset: the file before left nothing behind.
      expect(next.schema).toBe(first.schema);
      await withDatabase(next, async (handle) => {
        expect(await groupNames(handle)).toEqual([]);
        expect(await addGroup(handle, 'East')).toBe(1);
      });
    } finally {
      next.release();
    }
  });

  it('puts back the rows the migrations wrote, even when a file changed or deleted them', async () => {
    const first = await takeTestDatabase();
    const horizon = sql`select count(*)::int as n, max(horizon)::int as horizon from ledger_rollup_state`;
    const pristine = await withDatabase(first, async (handle) => {
      const [before] = await queryRows(handle.db, horizon);
      await handle.db.execute(sql`update ledger_rollup_state set horizon = 99`);
      await handle.db.execute(sql`delete from ledger_rollup_state`);
      return before;
    });
    expect(pristine).toEqual({ n: 1, horizon: 0 });
    first.release();

    const next = await takeTestDatabase();
    try {
      const [after] = await withDatabase(next, (handle) => queryRows(handle.db, horizon));
      expect(after).toEqual(pristine);
    } finally {
      next.release();
    }
  });

  it('does not carry a session’s settings over to the next file', async () => {
    const first = await takeTestDatabase();
    const zone = sql`select current_setting('TimeZone') as zone`;
    const original = await withDatabase(first, async (handle) => {
      const [row] = await queryRows(handle.db, zone);
      await handle.db.execute(sql`set time zone 'Pacific/Chatham'`);
      const [changed] = await queryRows(handle.db, zone);
      expect(changed?.zone).toBe('Pacific/Chatham');
      return row?.zone;
    });
    first.release();

    const next = await takeTestDatabase();
    try {
      const [row] = await withDatabase(next, (handle) => queryRows(handle.db, zone));
      expect(row?.zone).toBe(original);
    } finally {
      next.release();
    }
  });

  it('commits without waiting for the WAL, in every file it hands out', async () => {
    const setting = sql`select current_setting('synchronous_commit') as value`;
    for (let file = 0; file < 2; file += 1) {
      const database = await takeTestDatabase();
      try {
        const [row] = await withDatabase(database, (handle) => queryRows(handle.db, setting));
        expect(row?.value).toBe('off');
      } finally {
        database.release();
      }
    }
  });

  it('never hands out a database a file still holds', async () => {
    const held = await takeTestDatabase();
    const other = await takeTestDatabase();
    try {
      await withDatabase(held, (handle) => addGroup(handle, 'Held'));
      expect(await withDatabase(other, groupNames)).toEqual([]);
      expect(await withDatabase(held, groupNames)).toEqual(['Held']);
    } finally {
      held.release();
      other.release();
    }
  });
});
