// Refuses import circles among the TypeScript files of the workspaces (part of `npm run lint`).
// A circle makes the load order decide what is defined when, and ties modules together that
// should depend one way. Type-only imports count too: they show the same wrong dependency.
// Usage: node scripts/check-import-cycles.mjs [dir …]  (defaults to every workspace's src)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const roots = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['apps/server/src', 'apps/console/src', 'packages/contract/src', 'packages/lending/src'];

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name)) out.push(full);
  }
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

const graph = new Map();
for (const root of roots) {
  for (const file of filesUnder(path.resolve(root))) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const match of text.matchAll(IMPORT)) {
      // Lazy imports (`import('./x')`) load later and cannot form a load-order circle.
      if (match[2]) continue;
      const target = resolve(file, match[1]);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
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

if (circles.length) {
  console.error(`${circles.length} import circle(s):`);
  for (const circle of circles) {
    console.error(
      `  ${circle
        .map((file) => path.relative(process.cwd(), file))
        .sort()
        .join('\n    ')}`,
    );
  }
  process.exit(1);
}
console.log(`no import circles among ${graph.size} files`);
