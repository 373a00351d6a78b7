import pg from 'pg';

/**
 * A test's own schema on the PostgreSQL server, so that test files run in parallel without
 * seeing each other's rows (build-test-app, and the tests that start real server processes).
 */
async function onServer(databaseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function createSchema(databaseUrl: string, schema: string): Promise<void> {
  return onServer(databaseUrl, `create schema "${schema}"`);
}

export function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  return onServer(databaseUrl, `drop schema if exists "${schema}" cascade`);
}
