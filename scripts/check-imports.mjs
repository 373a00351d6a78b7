// The import rules of the workspaces, part of `npm run lint`: one reading of every file's
// imports, then the rules below. Usage: node scripts/check-imports.mjs [repository root]
// (defaults to this repository; the fixtures under scripts/fixtures/imports/ are small
// repository roots of their own).
//
// 1. No import circles. A circle makes the load order decide what is defined when, and ties
//    together code that should depend one way. Type-only imports count (they show the same
//    wrong dependency); lazy `import('./x')` does not (it loads later). Test files are left out:
//    nothing imports them.
// 2. Boundaries (docs/architecture.md):
//    a. a server module imports another module only through its public surface: index.ts (its
//       commands, queries and wiring) or tables.ts (the tables others may name in foreign keys
//       and joins, kept apart so a table file loads without the module's services; decision
//       0059);
//    b. an adapter under integrations/ imports nothing from modules/: the book calls gateways,
//       never the other way round;
//    c. a console feature imports no other feature; what two features share belongs in
//       components/ or lib/.
//    Test files (*.test.ts, *.test.tsx) are held to b and c but not to a: a test of one module
//    may reach into another's factories and tables to build the state it needs, which the
//    running server never does. Known exceptions, each with its reason, are in ALLOWED.
// 3. The server's floors (docs/architecture.md), for its source files (tests may reach up):
//    a. shared/ imports only shared/: small helpers with no business, HTTP or database
//       knowledge beyond drizzle's types, so anything may use them and they use nothing;
//    b. plugins/ (HTTP, the database, access, documents) imports only plugins/ and shared/:
//       a module plugs into them, never the other way round;
//    c. domain code takes no HTTP types: in a module, only its routes (`*.routes.ts`,
//       `*-route.ts`, `*-routes.ts`) and its `index.ts` import the request-facing plugins
//       (access.ts, app-access.ts, input.ts); a service is handed plain values;
//    d. the test harness (testing/, integrations/testing/) stands above the server: tests and
//       the harness import it, the server's own files never do;
//    e. the simulator (simulator/) stands above the composition root and acts as the console
//       and the borrowers do, through what each module offers: it imports a module through its
//       index.ts only (not even tables.ts: its reads and writes are the module's functions), and
//       no module imports it. Its tests may reach further, as any test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(process.argv[2] ?? repository);
const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/console/src',
  'packages/contract/src',
  'packages/lending/src',
];

/**
 * Known exceptions to the boundary rules, each `{ why, from: [importing files], to: [module
 * folder prefixes] }`: the exact importing files of an entry may import from the modules it
 * names, and nothing else may, so any new crossing is refused. Every entry says why it is still
 * here; take it out when its files move (the check fails on an entry nothing needs any more,
 * so the list only shrinks). Empty: the last entries went when the payout and collection
 * services moved into their modules (decision 0059) and the review scope and the export service
 * stopped reading requests (decision 0095).
 */
const EXCEPTIONS = [];

// The exceptions name this repository's files; a fixture tree is checked without them.
const ALLOWED = root === repository ? EXCEPTIONS : [];

const rel = (file) => path.relative(root, file).split(path.sep).join('/');
const isTest = (file) => /\.test\.tsx?$/.test(file);

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else if (/\.tsx?$/.test(name) && !/\.d\.ts$/.test(name)) out.push(full);
  }
  return out;
}

// `import … from './x'`, `export … from './x'`, `import './x'` and `import('./x')`; only
// relative specifiers: the workspaces reach each other through their package names.
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    try {
      if (/\.tsx?$/.test(candidate) && statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** file → [{ target, specifier, lazy }] for every relative import that names a source file. */
const imports = new Map();
for (const sourceRoot of SOURCE_ROOTS) {
  const dir = path.join(root, sourceRoot);
  try {
    statSync(dir);
  } catch {
    continue; // a fixture holds only the workspaces its rule needs
  }
  for (const file of filesUnder(dir)) {
    const found = [];
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const target = resolve(file, specifier);
      if (target) found.push({ target, specifier, lazy: Boolean(match[3]) });
    }
    imports.set(file, found);
  }
}

// ---- rule 1: circles -----------------------------------------------------------------------

const graph = new Map();
for (const [file, found] of imports) {
  if (isTest(file)) continue;
  graph.set(file, new Set(found.filter((i) => !i.lazy).map((i) => i.target)));
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const stack = [];
const on = new Set();
const indices = new Map();
const low = new Map();
const circles = [];
function connect(node) {
  indices.set(node, index);
  low.set(node, index);
  index += 1;
  stack.push(node);
  on.add(node);
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue;
    if (!indices.has(next)) {
      connect(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (on.has(next)) {
      low.set(node, Math.min(low.get(node), indices.get(next)));
    }
  }
  if (low.get(node) === indices.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      on.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) circles.push(component);
  }
}
for (const node of graph.keys()) if (!indices.has(node)) connect(node);

// ---- rule 2: boundaries --------------------------------------------------------------------

const MODULE = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/;
const SERVER_SHARED = /^apps\/server\/src\/shared\/(?!testing\/)/;
const PLUGINS = /^apps\/server\/src\/plugins\//;
const REQUEST_PLUGINS = /^apps\/server\/src\/plugins\/(access|app-access|input)\.ts$/;
const MODULE_ROUTES = /(\.routes|-routes?|\/index)\.ts$/;
const HARNESS = /^apps\/server\/src\/(testing|integrations\/testing)\//;
const SIMULATOR = /^apps\/server\/src\/simulator\//;
const SURFACE = new Set(['index.ts', 'tables.ts']);
const INTEGRATION = /^apps\/server\/src\/integrations\//;
const FEATURE = /^apps\/console\/src\/features\/([^/]+)\//;

/** Why an import from `from` to `to` (paths from the root) is refused, or undefined. */
function brokenRule(from, to) {
  const fromModule = MODULE.exec(from);
  const toModule = MODULE.exec(to);
  if (
    fromModule &&
    toModule &&
    fromModule[1] !== toModule[1] &&
    !SURFACE.has(toModule[2]) &&
    !isTest(from)
  ) {
    return `past the public surface of module ${toModule[1]} (its index.ts and tables.ts)`;
  }
  if (INTEGRATION.test(from) && toModule) {
    return 'an adapter under integrations/ imports nothing from modules/';
  }
  if (!isTest(from) && SERVER_SHARED.test(from) && !SERVER_SHARED.test(to)) {
    return 'shared/ imports only shared/';
  }
  if (!isTest(from) && PLUGINS.test(from) && !PLUGINS.test(to) && !SERVER_SHARED.test(to)) {
    return 'plugins/ import only plugins/ and shared/';
  }
  if (!isTest(from) && !HARNESS.test(from) && HARNESS.test(to)) {
    return 'the test harness is for tests: the server never imports it';
  }
  if (!isTest(from) && fromModule && REQUEST_PLUGINS.test(to) && !MODULE_ROUTES.test(from)) {
    return 'domain code takes no HTTP types: only routes and index.ts import the request plugins';
  }
  if (!isTest(from) && SIMULATOR.test(from) && toModule && toModule[2] !== 'index.ts') {
    return `the simulator acts through a module's index.ts only (module ${toModule[1]})`;
  }
  if (!isTest(from) && fromModule && SIMULATOR.test(to)) {
    return 'a module never imports the simulator (it stands above the composition root)';
  }
  const fromFeature = FEATURE.exec(from);
  const toFeature = FEATURE.exec(to);
  if (fromFeature && toFeature && fromFeature[1] !== toFeature[1]) {
    return `feature ${fromFeature[1]} imports no other feature (${toFeature[1]}); shared code belongs in components/ or lib/`;
  }
  return undefined;
}

const allowedPairs = new Map(); // "from → to-prefix" → used
for (const entry of ALLOWED) {
  for (const from of entry.from)
    for (const to of entry.to) allowedPairs.set(`${from} → ${to}`, false);
}
const crossings = [];
for (const [file, found] of imports) {
  const from = rel(file);
  for (const { target, specifier } of found) {
    const to = rel(target);
    const rule = brokenRule(from, to);
    if (!rule) continue;
    const allowed = [...allowedPairs.keys()].find(
      (pair) => pair.startsWith(`${from} → `) && to.startsWith(pair.slice(from.length + 3)),
    );
    if (allowed) allowedPairs.set(allowed, true);
    else crossings.push(`${from} imports '${specifier}': ${rule}`);
  }
}
const stale = [...allowedPairs].filter(([, used]) => !used).map(([pair]) => pair);

// ---- report --------------------------------------------------------------------------------

let failed = false;
if (circles.length) {
  failed = true;
  console.error(`${circles.length} import circle(s):`);
  for (const circle of circles) {
    console.error(`  ${circle.map(rel).sort().join('\n    ')}`);
  }
}
if (crossings.length) {
  failed = true;
  console.error(`${crossings.length} import(s) crossing a boundary:`);
  for (const crossing of crossings.sort()) console.error(`  ${crossing}`);
}
if (stale.length) {
  failed = true;
  console.error(`${stale.length} allowed exception(s) no longer needed; remove them:`);
  for (const pair of stale) console.error(`  ${pair}`);
}
if (failed) process.exit(1);
console.log(
  `no import circles and no boundary crossings among ${imports.size} files` +
    (allowedPairs.size ? ` (${allowedPairs.size} known exception(s) allowed)` : ''),
);
