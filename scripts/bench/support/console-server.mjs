// The built console server on a fresh data directory, for the browser benchmarks: started
// with no demo book, signed in as the administrator it creates.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../../..');

/** Builds the console and the server unless both are built already. */
export function ensureBuilt() {
  if (
    !existsSync(join(root, 'apps/console/dist/index.html')) ||
    !existsSync(join(root, 'apps/server/dist/server.js'))
  ) {
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
}

/** Starts the server on the port, waits until it answers; resolves with its base URL and a token. */
export async function startConsoleServer(port) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-console-'));
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js'), '--no-demo'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const stop = () => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A first start migrates a new database: on a loaded machine that takes tens of seconds.
  for (let up = false, i = 0; !up; i++) {
    if (i === 600) {
      stop();
      throw new Error(`the console server did not answer on ${base} within 120 s`);
    }
    up = await fetch(`${base}/admin-api/docs`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${base}/admin-api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345' }),
  }).then((r) => r.json());
  return { base, token: login.ret.token, stop };
}

/** Debian's Chromium, with the flags this machine needs (see docs/benchmarks.md). */
export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
