// `npm run reports:backfill -- <from> <to>`: recomputes every report read model's closed India
// dates `from`..`to` (YYYY-MM-DD, both inclusive) from the book, as the night after `to` would
// leave them (docs/adding-a-report.md). For the days before a new read model's first night, or
// days older than a settling window after its figures were fixed. Opens the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first, PGlite allows one
// process).
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { backfillReports } from '../src/modules/reports/index.js';
import { openDatabase } from '../src/plugins/db.js';
import { indiaDateOf } from '../src/shared/india-date.js';

const [from, to] = process.argv.slice(2);
const isDate = (value: string | undefined): value is string =>
  value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value);
const today = indiaDateOf(new Date());
if (!isDate(from) || !isDate(to) || from > to) {
  console.error('usage: npm run reports:backfill -- <from YYYY-MM-DD> <to YYYY-MM-DD>');
  process.exit(2);
}
if (to >= today) {
  // Today has not ended: a report recomputes it whenever its range shows it.
  console.error(`the days must have ended: ${to} is not before today (${today})`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  await backfillReports(database.db, { from, to }, new Date());
  console.log(`reports backfilled: ${from} to ${to}`);
} finally {
  await database.close();
}
