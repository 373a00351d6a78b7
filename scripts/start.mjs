// `npm start`: builds what is missing or stale (the console bundle, the server bundle), then
// runs the server, which migrates the database and loads demo data on first start.
// Arguments after `--` go to the server (e.g. `npm start -- --no-demo`).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale(output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

function run(command, args) {
  console.log(`> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['packages/contract/src', 'packages/lending/src'];
if (isStale(join(root, 'apps/console/dist/index.html'), ['apps/console', ...shared])) {
  run('npm', ['run', 'build', '--workspace', 'apps/console']);
}
if (
  isStale(join(root, 'apps/server/dist/server.js'), [
    'apps/server/src',
    'apps/server/drizzle',
    ...shared,
  ])
) {
  run('npm', ['run', 'build', '--workspace', 'apps/server']);
}

const server = spawn(
  process.execPath,
  [join(root, 'apps/server/dist/server.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
