// `npm run bench`: runs every benchmark in scripts/bench/ in turn. Benchmarks print figures
// and ratios against a baseline measured in the same run; they never fail on a time.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dir = resolve(import.meta.dirname, 'bench');
const only = process.argv[2];
let failed = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.mjs'))
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n### ${file}`);
  const result = spawnSync(process.execPath, [join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
