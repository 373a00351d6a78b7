// drizzle-kit qualifies foreign-key targets with "public". Migrations must follow the
// connection's search_path instead, so the API tests can run each file in its own schema on
// one PostgreSQL server (and a deployment may choose its schema). Run after `drizzle-kit generate`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'drizzle');
for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
  const full = path.join(folder, file);
  const before = readFileSync(full, 'utf8');
  const after = before.replaceAll('"public".', '');
  if (after !== before) {
    writeFileSync(full, after);
    console.log(`unqualified ${file}`);
  }
}
