#!/usr/bin/env node
// The server's shape in four figures (docs/architecture.md, "The server's floors"), for a
// review or an issue's note: `node scripts/server-shape.mjs [repository root] [--list]`.
//
// - Rooms: the folders that hold the server's source files (a module, an adapter's folder,
//   plugins/, shared/ and its folders, simulator/), and each file at the root of src/ on its own.
// - Imports against the floors: an import from a lower floor to a higher one. The floors, from
//   the ground: shared/; plugins/; integrations/; modules/; db-schema.ts; the composition root
//   (app.ts, gateways.ts, config.ts, shutdown.ts); simulator/; seed.ts and server.ts; the test
//   harness (testing/, integrations/testing/).
// - Folder loops: sets of two or more rooms that import each other around a ring (strongly
//   connected components of the rooms' import graph): modules on one floor must still form no
//   ring.
// - Query calls outside repositories: calls that start a query on a database handle
//   (`db.`/`tx.`/`executor.` followed by select, insert, update, delete or execute) and calls of
//   queryRows and runList, in files other than `*.repository.ts` and `*.table.ts`.
// - Files over 600 lines.
// Test files are left out of every figure: tests may reach anywhere to build their state.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const list = args.includes('--list');
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? repository);
const src = path.join(root, 'apps/server/src');

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name)) out.push(full);
  }
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]/g;
const QUERY_CALL =
  /\b(?:db|tx|executor)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute)\s*[(<]|\bqueryRows\s*\(|\brunList\s*\(/g;

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

const rel = (file) => path.relative(src, file).split(path.sep).join('/');

function roomOf(file) {
  const dir = path.posix.dirname(file);
  if (dir === '.') return file;
  const [top, second] = dir.split('/');
  return top === 'modules' || top === 'integrations' ? `${top}/${second}` : dir;
}

const HARNESS = /^(testing|integrations\/testing)\//;
function floorOf(file) {
  if (HARNESS.test(file)) return 8;
  if (file.startsWith('shared/')) return 0;
  if (file.startsWith('plugins/')) return 1;
  if (file.startsWith('integrations/')) return 2;
  if (file.startsWith('modules/')) return 3;
  if (file === 'db-schema.ts') return 4;
  if (['app.ts', 'gateways.ts', 'config.ts', 'shutdown.ts'].includes(file)) return 5;
  if (file.startsWith('simulator/')) return 6;
  return 7;
}

const files = sourceFiles(src);
const edges = [];
let queriesInside = 0;
const queriesOutside = new Map();
const long = [];
for (const full of files) {
  const file = rel(full);
  const text = readFileSync(full, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(full, match[1] ?? match[2]);
    if (target) edges.push([file, rel(target)]);
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > 600) long.push(`${lines}\t${file}`);
  if (HARNESS.test(file)) continue;
  const calls = (text.replace(/\/\/.*$/gm, '').match(QUERY_CALL) ?? []).length;
  if (/\.(repository|table)\.ts$/.test(file)) queriesInside += calls;
  else if (calls) queriesOutside.set(file, calls);
}

const upward = edges.filter(([from, to]) => floorOf(from) < floorOf(to));

const rooms = new Map();
for (const file of files.map(rel)) rooms.set(roomOf(file), new Set());
for (const [from, to] of edges) {
  if (roomOf(from) !== roomOf(to)) rooms.get(roomOf(from)).add(roomOf(to));
}
// Tarjan's strongly connected components over the rooms.
const loops = [];
let counter = 0;
const stack = [];
const onStack = new Set();
const index = new Map();
const low = new Map();
function visit(room) {
  index.set(room, counter);
  low.set(room, counter);
  counter += 1;
  stack.push(room);
  onStack.add(room);
  for (const next of rooms.get(room)) {
    if (!index.has(next)) {
      visit(next);
      low.set(room, Math.min(low.get(room), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(room, Math.min(low.get(room), index.get(next)));
    }
  }
  if (low.get(room) === index.get(room)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== room);
    if (component.length > 1) loops.push(component.sort());
  }
}
for (const room of rooms.keys()) if (!index.has(room)) visit(room);

const outside = [...queriesOutside.values()].reduce((sum, n) => sum + n, 0);
const inLoops = loops.reduce((sum, loop) => sum + loop.length, 0);
console.log(`rooms: ${rooms.size}; imports between files: ${edges.length}`);
console.log(`imports against the floors: ${upward.length}`);
console.log(`folder loops: ${loops.length} (${inLoops} of ${rooms.size} rooms in a loop)`);
console.log(
  `query calls outside repositories: ${outside} of ${outside + queriesInside} (${Math.round((100 * outside) / (outside + queriesInside))} %)`,
);
console.log(`files over 600 lines: ${long.length}`);
if (list) {
  for (const [from, to] of upward) console.log(`  against the floors: ${from} → ${to}`);
  for (const loop of loops) console.log(`  loop: ${loop.join(', ')}`);
  for (const [file, calls] of [...queriesOutside].sort((a, b) => b[1] - a[1]))
    console.log(`  queries outside repositories: ${calls}\t${file}`);
  for (const entry of long) console.log(`  over 600 lines: ${entry}`);
}
