import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The start of every PostgreSQL schema this run's test databases make (test-databases.ts). */
    testSchemaPrefix: string;
  }
}

/**
 * The server project's run: its test databases' schemas on PostgreSQL share a prefix of this
 * run's own, and go when the run ends (a worker keeps its schemas to reuse until then).
 */
export default function setup(project: TestProject): () => Promise<void> {
  const prefix = `test_${randomBytes(4).toString('hex')}_`;
  project.provide('testSchemaPrefix', prefix);
  return async () => {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace where starts_with(nspname, $1)`,
        [prefix],
      );
      for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
    } finally {
      await client.end();
    }
  };
}
