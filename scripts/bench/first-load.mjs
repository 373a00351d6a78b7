// The console's first load as a person meets it (issue #15): for the sign-in page and the
// signed-in dashboard, the bytes as sent (compressed bodies, as the server sends them), the
// number of requests, and the time to ready in Debian's Chromium with a cold cache (a new
// browser context per load): the sign-in form interactive, the dashboard's summary figures
// shown. Median of nine runs, interleaved with the same loads of a comparison served by a small
// static server in this script:
// - BENCH_VEA_DIST=<dir>: vue-element-admin's production build (docs/benchmarks.md says how to
//   bring and build it; none of its code is in this repository), signed in as its mocked admin;
// - otherwise a baseline that needs no outside code: two static HTML pages (a sign-in form, a
//   dashboard of four figures) with no script, the floor of a page load on this machine.
// The static server sends text files brotli-compressed (quality 11, like the console's build),
// so that the comparison is of the code, not of the compression. Figures never fail the run.
// BENCH_PORT (default 18191) and the next port are used; BENCH_RUNS changes the nine runs.
/* global document -- the READY functions run in the page */
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumOptions, ensureBuilt, startConsoleServer } from './support/console-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const port = Number(process.env.BENCH_PORT ?? 18_191);
const TARGET_RATIO = 0.6; // issue #15: at most 60 % of vue-element-admin's time

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.ttf', '.eot', '.ico']);

/** Serves a directory, index.html for '/' and for unknown paths, brotli for text files. */
function serveStatic(dir, listenPort) {
  const cache = new Map();
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(dir, 'index.html');
    }
    const ext = extname(file);
    const brotli = COMPRESSIBLE.has(ext) && /\bbr\b/.test(request.headers['accept-encoding'] ?? '');
    const key = `${file}|${brotli}`;
    if (!cache.has(key)) {
      const body = readFileSync(file);
      cache.set(
        key,
        brotli
          ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : body,
      );
    }
    response.writeHead(200, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    response.end(cache.get(key));
  });
  return new Promise((done) => server.listen(listenPort, '127.0.0.1', () => done(server)));
}

/** The no-outside-code baseline: a sign-in form and a dashboard of figures, no script. */
function staticBaseline() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-first-load-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head>
<body><form><label>E-mail <input name="username"></label>
<label>Password <input name="password" type="password"></label><button>Sign in</button></form></body></html>`,
  );
  writeFileSync(
    join(dir, 'dashboard.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dashboard</title></head>
<body>${['Registrations', 'Applications', 'Approvals', 'Disbursals']
      .map((name) => `<section><h2>${name}</h2><div class="card-panel-num">0</div></section>`)
      .join('')}</body></html>`,
  );
  return dir;
}

// In the page: the time since navigation start at which the page is ready, polled each frame.
const READY = {
  consoleSignIn: () => {
    const email = document.querySelector('#login-email');
    const submit = document.querySelector('button[type=submit]');
    return email && submit && !submit.disabled ? performance.now() : false;
  },
  consoleDashboard: () =>
    document.querySelectorAll('[data-figure=count]').length >= 7 ? performance.now() : false,
  // vue-element-admin's login form, and its dashboard's panel of four figures (the numbers
  // count up from 0 after they are shown; shown is ready).
  otherSignIn: () =>
    document.querySelector('input[name=username]') &&
    document.querySelector('input[name=password]') &&
    document.querySelector('button')
      ? performance.now()
      : false,
  otherDashboard: () =>
    document.querySelectorAll('.card-panel-num').length >= 4 ? performance.now() : false,
};

async function load(browser, { url, ready, cookies = [] }) {
  const context = await browser.newContext();
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  const readyMs = await (
    await page.waitForFunction(ready, undefined, { polling: 'raf' })
  ).jsonValue();
  // What the first load brings, until the network is quiet after ready.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const sent = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((entry) => entry.encodedBodySize),
  );
  await context.close();
  return { readyMs, sentBytes: sent.reduce((a, b) => a + b, 0), requests: sent.length };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

ensureBuilt();
const veaDist = process.env.BENCH_VEA_DIST ? resolve(process.env.BENCH_VEA_DIST) : undefined;
if (veaDist && !existsSync(join(veaDist, 'index.html'))) {
  throw new Error(`BENCH_VEA_DIST=${veaDist} has no index.html: build vue-element-admin first`);
}
const baselineDir = veaDist ? undefined : staticBaseline();
const otherName = veaDist ? 'vue-element-admin' : 'static HTML (no script)';
const consoleServer = await startConsoleServer(port);
const other = await serveStatic(veaDist ?? baselineDir, port + 1);
const otherBase = `http://127.0.0.1:${port + 1}`;
try {
  const browser = await chromium.launch(chromiumOptions);
  const pages = [
    {
      name: 'sign-in page',
      console: { url: `${consoleServer.base}/login`, ready: READY.consoleSignIn },
      other: {
        url: veaDist ? `${otherBase}/#/login` : `${otherBase}/`,
        ready: READY.otherSignIn,
      },
    },
    {
      name: 'dashboard',
      console: {
        url: `${consoleServer.base}/dashboard`,
        ready: READY.consoleDashboard,
        cookies: [{ name: 'Admin-Token', value: consoleServer.token, url: consoleServer.base }],
      },
      other: {
        url: veaDist ? `${otherBase}/#/dashboard` : `${otherBase}/dashboard.html`,
        ready: READY.otherDashboard,
        // vue-element-admin's mocked admin token.
        cookies: veaDist ? [{ name: 'Admin-Token', value: 'admin-token', url: otherBase }] : [],
      },
    },
  ];
  // One load of each first, unmeasured: the server's and Chromium's own warm-up.
  for (const p of pages) {
    await load(browser, p.console);
    await load(browser, p.other);
  }
  const results = pages.map(() => ({ console: [], other: [] }));
  for (let run = 0; run < RUNS; run++) {
    for (const [i, p] of pages.entries()) {
      // Alternate which goes first, so neither always meets a machine just freed.
      const order = run % 2 ? ['other', 'console'] : ['console', 'other'];
      for (const side of order) results[i][side].push(await load(browser, p[side]));
    }
  }
  await browser.close();

  console.log(
    `console beside ${otherName}${veaDist ? '' : ' (set BENCH_VEA_DIST for vue-element-admin)'}; median of ${RUNS} cold loads each, interleaved`,
  );
  console.log(
    'page            who                         sent KB   requests   ready ms   ready ratio',
  );
  for (const [i, p] of pages.entries()) {
    const ready = {};
    for (const side of ['console', 'other']) {
      const runs = results[i][side];
      ready[side] = median(runs.map((r) => r.readyMs));
      const who = side === 'console' ? 'console' : otherName;
      const ratio = side === 'console' ? '' : '1.00';
      console.log(
        `${p.name.padEnd(15)} ${who.padEnd(26)} ${(median(runs.map((r) => r.sentBytes)) / 1024).toFixed(1).padStart(8)}   ${String(median(runs.map((r) => r.requests))).padStart(8)}   ${ready[side].toFixed(0).padStart(8)}   ${ratio.padStart(11)}`,
      );
    }
    console.log(
      `${''.padEnd(15)} ${'console / other'.padEnd(26)} ${''.padStart(8)}   ${''.padStart(8)}   ${''.padStart(8)}   ${(ready.console / ready.other).toFixed(2).padStart(11)}${veaDist ? `  (aim ≤ ${TARGET_RATIO.toFixed(2)})` : ''}`,
    );
  }
} finally {
  other.close();
  consoleServer.stop();
  if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
}
