// Bundles the server into dist/server.js: the workspace packages (@lending/*, TypeScript
// source) are bundled; every other package stays in node_modules (native argon2, PGlite's
// WASM files and pg are not bundle-friendly). Migrations are read at run time from
// apps/server/drizzle, found relative to the bundle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
  (name) => !name.startsWith('@lending/'),
);

await build({
  entryPoints: [path.join(root, 'src', 'server.ts')],
  outfile: path.join(root, 'dist', 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Packages are external by name and by subpath (drizzle-orm/pglite, …).
  external: external.flatMap((name) => [name, `${name}/*`]),
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('built apps/server/dist/server.js');
