// What the console makes a browser download on first load: the sign-in page, and the
// dashboard after sign-in. Loads each page in Debian's Chromium against the built server,
// records every JS and CSS response, and gzips each body (level 9) to size it.
// Baseline measured in the same run: the whole bundle (every chunk the build emitted).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = resolve(import.meta.dirname, '../..');
const BUDGET_KB = 250;
const AIM_KB = 175;
const port = 18_190;
const base = `http://127.0.0.1:${port}`;

if (
  !existsSync(join(root, 'apps/console/dist/index.html')) ||
  !existsSync(join(root, 'apps/server/dist/server.js'))
) {
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;

function wholeBundle() {
  const assets = join(root, 'apps/console/dist/assets');
  let js = 0;
  let css = 0;
  let chunks = 0;
  for (const file of readdirSync(assets)) {
    const size = gz(readFileSync(join(assets, file)));
    if (file.endsWith('.js')) {
      js += size;
      chunks++;
    } else if (file.endsWith('.css')) css += size;
  }
  return { js, css, chunks };
}

async function firstLoad(browser, path, cookies = []) {
  const context = await browser.newContext();
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  const seen = new Map();
  page.on('response', async (response) => {
    const url = response.url();
    if (!/\.(js|css)(\?|$)/.test(url)) return;
    try {
      seen.set(url, gz(await response.body()));
    } catch {
      /* a cancelled response has no body */
    }
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const cookiesAfter = await context.cookies();
  await context.close();
  let js = 0;
  let css = 0;
  let jsFiles = 0;
  for (const [url, size] of seen) {
    if (/\.js(\?|$)/.test(url)) {
      js += size;
      jsFiles++;
    } else css += size;
  }
  return { js, css, jsFiles, cookiesAfter, page };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
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
try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/admin-api/docs`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${base}/admin-api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Admin12345' }),
  }).then((r) => r.json());

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const signIn = await firstLoad(browser, '/login');
  const dashboard = await firstLoad(browser, '/dashboard', [
    { name: 'Admin-Token', value: login.ret.token, url: base },
  ]);
  await browser.close();
  const whole = wholeBundle();

  console.log('first load (gzipped)          JS KB   CSS KB   JS files   JS share of whole bundle');
  for (const [name, r] of [
    ['sign-in page', signIn],
    ['dashboard', dashboard],
  ]) {
    console.log(
      `${name.padEnd(28)} ${kb(r.js).padStart(7)} ${kb(r.css).padStart(8)} ${String(r.jsFiles).padStart(10)}   ${(r.js / whole.js).toFixed(2)}`,
    );
  }
  console.log(
    `${'whole bundle (baseline)'.padEnd(28)} ${kb(whole.js).padStart(7)} ${kb(whole.css).padStart(8)} ${String(whole.chunks).padStart(10)}   1.00`,
  );
  console.log(
    `sign-in JS vs budget ${BUDGET_KB} KB: ${(signIn.js / 1024 / BUDGET_KB).toFixed(2)}; vs aim ${AIM_KB} KB: ${(signIn.js / 1024 / AIM_KB).toFixed(2)}`,
  );
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
