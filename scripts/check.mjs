#!/usr/bin/env node
/**
 * The checks, as CI runs them (docs/testing.md). `npm run check` runs every stage in order:
 *
 *   static  lint (ESLint, Prettier, the import rules), typecheck (tsc per workspace) and the
 *           build, as separate processes, as many at once as the machine has cores
 *   unit    Vitest: the contract, the engine, the scripts, the server on the embedded database,
 *           the console's components
 *   e2e     Playwright journeys in Chromium against the build of the static stage
 *
 * then prints the report. `.ci/run` adds `api-pg`, the server's suite on the PostgreSQL server
 * (DATABASE_URL) under the Node.js that CHECK_NODE names. Each stage's seconds and each test
 * run's files (their time and test cases by outcome) go to .tmp/ci/, which `report` reads:
 * seconds per stage, test cases executed per stage, and the ten slowest test files.
 *
 *   node scripts/check.mjs [stage…]    stages: static, lint, typecheck, unit, e2e, api-pg, report
 *   node scripts/check.mjs seconds     writes the unit run's seconds per file into
 *                                      scripts/ci/test-seconds.json, the order Vitest starts
 *                                      files in (scripts/ci/slowest-first.ts); commit it
 */
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const RESULTS = path.resolve('.tmp/ci');
const STAGES_FILE = path.join(RESULTS, 'stages.jsonl');
const cores = availableParallelism();

const lintTasks = [
  { name: 'eslint', command: 'npx eslint .' },
  { name: 'prettier', command: 'npx prettier --check --log-level warn .' },
  { name: 'import rules', command: 'node scripts/check-imports.mjs' },
];
const typecheckTasks = [
  'apps/server',
  'apps/console',
  'packages/contract',
  'packages/lending',
  'e2e',
].map((project) => ({ name: `tsc ${project}`, command: `npx tsc -p ${project}` }));
const buildTask = { name: 'build', command: 'npm run build --silent' };

/** The test runs, each writing its files' results for the report (scripts/ci/*-results.ts). */
const testStages = {
  unit: { command: 'npx vitest run', results: 'unit.json' },
  e2e: { command: 'npx playwright test', results: 'e2e.json' },
  'api-pg': {
    command: `"${process.env.CHECK_NODE ?? process.execPath}" node_modules/vitest/vitest.mjs run --project server`,
    results: 'api-pg.json',
    env: { DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' },
  },
};

function run(command, env = {}, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

function seconds(since) {
  return Math.round((performance.now() - since) / 100) / 10;
}

function recordStage(name, secondsTaken, ok) {
  mkdirSync(RESULTS, { recursive: true });
  appendFileSync(STAGES_FILE, `${JSON.stringify({ stage: name, seconds: secondsTaken, ok })}\n`);
}

/**
 * Runs independent tasks as separate processes, `cores` at a time, in the order given (the
 * longest first, so that the short ones fill in at the end); a task's output is printed when it
 * ends, so that the outputs do not interleave.
 */
async function runTasks(stage, tasks) {
  const started = performance.now();
  const queue = [...tasks];
  const failed = [];
  async function worker() {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const taskStarted = performance.now();
      const { ok, output } = await run(task.command, {}, true);
      const trimmed = output.trim();
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${task.name} (${seconds(taskStarted)} s)`);
      if (trimmed && (!ok || task.name === 'build')) console.log(trimmed);
      if (!ok) failed.push(task.name);
    }
  }
  await Promise.all(Array.from({ length: Math.min(cores, tasks.length) }, worker));
  const ok = failed.length === 0;
  recordStage(stage, seconds(started), ok);
  if (!ok) console.error(`${stage}: failed: ${failed.join(', ')}`);
  return ok;
}

async function runTests(stage) {
  const { command, results, env = {} } = testStages[stage];
  const started = performance.now();
  console.log(`== ${stage}: ${command}`);
  const { ok } = await run(command, { ...env, CHECK_RESULTS: path.join(RESULTS, results) });
  recordStage(stage, seconds(started), ok);
  return ok;
}

function readJson(file) {
  const full = path.join(RESULTS, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, 'utf8')) : undefined;
}

function report() {
  const stages = existsSync(STAGES_FILE)
    ? readFileSync(STAGES_FILE, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  console.log('\n== Seconds per stage');
  let total = 0;
  for (const { stage, seconds: taken, ok } of stages) {
    total += taken;
    console.log(`${String(Math.round(taken)).padStart(6)} s  ${stage}${ok ? '' : '  (FAILED)'}`);
  }
  console.log(`${String(Math.round(total)).padStart(6)} s  in all`);

  console.log('\n== Test cases executed per stage (passed + failed; skipped apart)');
  const all = [];
  let executed = 0;
  for (const [stage, { results }] of Object.entries(testStages)) {
    const run = readJson(results);
    if (!run) continue;
    const sum = (key) => run.files.reduce((total, file) => total + file[key], 0);
    const ran = sum('passed') + sum('failed');
    executed += ran;
    const projects = [...new Set(run.files.map((file) => file.project))]
      .map((project) => {
        const files = run.files.filter((file) => file.project === project);
        return `${project} ${files.reduce((total, file) => total + file.passed + file.failed, 0)}`;
      })
      .join(', ');
    console.log(
      `${String(ran).padStart(6)}  ${stage} (${projects}; ${sum('failed')} failed, ${sum('skipped')} skipped, ${run.files.length} files)`,
    );
    all.push(...run.files.map((file) => ({ ...file, stage })));
  }
  console.log(`${String(executed).padStart(6)}  in all`);

  console.log('\n== The ten slowest test files');
  for (const file of all.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`${file.seconds.toFixed(1).padStart(7)} s  ${file.stage}  ${file.file}`);
  }

  // Last, so that the tail of a CI log (all that is sometimes kept) names what failed.
  const failures = Object.entries(testStages).flatMap(([stage, { results }]) =>
    (readJson(results)?.failures ?? []).map((failure) => ({ stage, ...failure })),
  );
  if (failures.length === 0) return;
  console.log(`\n== Failed (${failures.length})`);
  for (const { stage, file, test, error } of failures.slice(0, 20)) {
    console.log(`  ${stage}  ${file}  › ${test}`);
    for (const line of error.split('\n')) console.log(`      ${line}`);
  }
}

/** The last unit run's seconds per test file, for the order of the next runs. */
function writeSeconds() {
  const run = readJson(testStages.unit.results);
  if (!run) {
    console.error('No unit run to read: run `node scripts/check.mjs unit` first.');
    return false;
  }
  const seconds = Object.fromEntries(
    run.files
      .map((file) => [file.file, Math.round(file.seconds * 10) / 10])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  writeFileSync('scripts/ci/test-seconds.json', `${JSON.stringify(seconds, null, 2)}\n`);
  console.log(`scripts/ci/test-seconds.json: ${run.files.length} files`);
  return true;
}

const stageRunners = {
  static: () =>
    runTasks('static', [
      lintTasks[0],
      ...typecheckTasks.slice(0, 2),
      lintTasks[1],
      buildTask,
      ...typecheckTasks.slice(2),
      lintTasks[2],
    ]),
  lint: () => runTasks('lint', lintTasks),
  typecheck: () => runTasks('typecheck', typecheckTasks),
  unit: () => runTests('unit'),
  e2e: () => runTests('e2e'),
  'api-pg': () => runTests('api-pg'),
  report: () => (report(), true),
  seconds: writeSeconds,
};

const requested = process.argv.slice(2);
const stages = requested.length > 0 ? requested : ['static', 'unit', 'e2e', 'report'];
const unknown = stages.filter((stage) => !(stage in stageRunners));
if (unknown.length > 0) {
  console.error(
    `Unknown stage: ${unknown.join(', ')}. Stages: ${Object.keys(stageRunners).join(', ')}`,
  );
  process.exit(2);
}
// A whole check starts a fresh record, unless .ci/run has begun one (its install stages).
if (requested.length === 0 && !process.env.CHECK_APPEND)
  rmSync(RESULTS, { recursive: true, force: true });

let ok = true;
for (const stage of stages) {
  // After a failure the remaining test stages still run (every failure is seen in one run), but
  // the report always does.
  ok = (await stageRunners[stage]()) && ok;
}
process.exit(ok ? 0 : 1);
