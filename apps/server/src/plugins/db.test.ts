import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../shared/sql-rows.js';
import { connectionOptions, openDatabase } from './db.js';

const databaseUrl = process.env.DATABASE_URL || undefined;

describe('the connection settings', () => {
  it('turn JIT compilation off and keep the schema a test or a bench asks for', () => {
    expect(connectionOptions(undefined)).toBe('-c jit=off');
    expect(connectionOptions('bench_x')).toBe('-c jit=off -c search_path=bench_x');
  });

  it('let a test database commit without waiting for its WAL, and only when asked', () => {
    expect(connectionOptions('t_x', true)).toBe(
      '-c jit=off -c search_path=t_x -c synchronous_commit=off',
    );
    expect(connectionOptions('t_x', false)).not.toContain('synchronous_commit');
  });

  it.runIf(databaseUrl)('are in force on every pooled PostgreSQL connection', async () => {
    const database = await openDatabase({ databaseUrl, searchPath: 'pg_catalog' });
    try {
      // More reads at once than one connection serves, so several pooled connections answer.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          database.db.transaction(async (tx) =>
            queryRows(
              tx,
              sql`select current_setting('jit') as jit, current_setting('search_path') as path, pg_sleep(0.05)`,
            ),
          ),
        ),
      );
      for (const [row] of answers) expect(row).toMatchObject({ jit: 'off', path: 'pg_catalog' });
    } finally {
      await database.close();
    }
  });
});
