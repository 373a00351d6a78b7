// What the console makes a browser download on first load: the sign-in page, and the
// dashboard after sign-in. Loads each page in Debian's Chromium against the built server,
// records every JS and CSS response, and gzips each body (level 9) to size it; beside it the
// bytes as sent (the server's brotli or gzip bodies) and the number of requests.
// Baseline measured in the same run: the whole bundle (every chunk the build emitted).
// BENCH_PORT moves the server off port 18190.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import {
  chromiumOptions,
  ensureBuilt,
  root,
  startConsoleServer,
} from './support/console-server.mjs';

const BUDGET_KB = 250;
const AIM_KB = 120; // issue #15
const port = Number(process.env.BENCH_PORT ?? 18_190);

ensureBuilt();

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

async function firstLoad(browser, path, readySelector, cookies = []) {
  const context = await browser.newContext();
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  const seen = new Map();
  const chunks = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (!/\.(js|css)(\?|$)/.test(url)) return;
    try {
      seen.set(url, gz(await response.body()));
    } catch {
      /* a cancelled response has no body */
    }
  });
  await page.goto(base + path);
  // Ready (the form, the dashboard's figures), then quiet: a pause while the browser runs a
  // chunk is no end of the load.
  await page.waitForSelector(readySelector);
  await page.waitForLoadState('networkidle');
  // Bytes as sent: every response's encoded body (document, scripts, styles, API answers).
  const sent = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((entry) => ({ name: entry.name, bytes: entry.encodedBodySize })),
  );
  for (const [url, size] of seen) chunks.push({ url, size });
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
  const sentBytes = sent.reduce((sum, entry) => sum + entry.bytes, 0);
  return { js, css, jsFiles, chunks, sentBytes, requests: sent.length };
}

const { base, token, stop } = await startConsoleServer(port);
try {
  const browser = await chromium.launch(chromiumOptions);
  const signIn = await firstLoad(browser, '/login', '#login-email');
  const dashboard = await firstLoad(browser, '/dashboard', '[data-figure=count]', [
    { name: 'Admin-Token', value: token, url: base },
  ]);
  await browser.close();
  const whole = wholeBundle();

  console.log(
    'first load (gzipped)          JS KB   CSS KB   JS files   JS share of whole bundle   sent KB   requests',
  );
  for (const [name, r] of [
    ['sign-in page', signIn],
    ['dashboard', dashboard],
  ]) {
    console.log(
      `${name.padEnd(28)} ${kb(r.js).padStart(7)} ${kb(r.css).padStart(8)} ${String(r.jsFiles).padStart(10)}   ${(r.js / whole.js).toFixed(2).padStart(24)}   ${kb(r.sentBytes).padStart(7)}   ${String(r.requests).padStart(8)}`,
    );
  }
  console.log(
    `${'whole bundle (baseline)'.padEnd(28)} ${kb(whole.js).padStart(7)} ${kb(whole.css).padStart(8)} ${String(whole.chunks).padStart(10)}   1.00`,
  );
  console.log(
    `sign-in JS vs budget ${BUDGET_KB} KB: ${(signIn.js / 1024 / BUDGET_KB).toFixed(2)}; vs aim ${AIM_KB} KB: ${(signIn.js / 1024 / AIM_KB).toFixed(2)}`,
  );
  if (process.env.BENCH_CHUNKS) {
    for (const [name, r] of [
      ['sign-in page', signIn],
      ['dashboard', dashboard],
    ]) {
      console.log(`\n${name}: chunks, gzipped KB`);
      for (const { url, size } of r.chunks.sort((a, b) => b.size - a.size)) {
        console.log(`${kb(size).padStart(7)}  ${new URL(url).pathname}`);
      }
    }
  }
} finally {
  stop();
}
