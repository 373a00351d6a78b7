// The server's memory on the embedded database (issue #15: at most 1 GB with the demo book
// after start), for the scale benchmark's `memory` part. The built server (`npm run build`) is
// started as a new user's first `npm start` starts it: a fresh DATA_DIR, PGlite, the demo book
// copied in. Its resident set is read from /proc once /health/ready answers and through the
// first seconds after (the jobs that run at start), with the peak the kernel kept (VmHWM), and
// again after a restart on the same data directory (every later start); beside two baselines
// of the same run: the same server without the demo book, and a bare node process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, root } from './console-server.mjs';

export const SERVER_RSS_BUDGET_MB = 1024;
const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 18192);
/** How long to keep sampling after the server is ready. */
const SETTLE_MS = Number(process.env.BENCH_MEMORY_SETTLE_S ?? 15) * 1000;
const READY_WAIT_MS = 600_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process's resident set now and its peak so far, in MB (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) =>
    Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if (await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)])) return;
  child.kill('SIGKILL');
  await exited;
}

/**
 * Starts the built server on the data directory (PGlite: DATABASE_URL is not passed on), waits
 * for /health/ready, samples its memory for SETTLE_MS, then stops it. MB: at ready, the most
 * seen after, and the peak since the process started.
 */
async function serverMemory(dataDir, demoData) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    env: {
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: String(demoData),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const t0 = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      if (performance.now() - t0 > READY_WAIT_MS) throw new Error('the server was not ready');
      const ready = await fetch(`http://127.0.0.1:${PORT}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await sleep(250);
    }
    const startSeconds = (performance.now() - t0) / 1000;
    const atReady = memoryOf(child.pid).rss;
    let settled = atReady;
    let most = atReady;
    for (let waited = 0; waited < SETTLE_MS; waited += 500) {
      await sleep(500);
      settled = memoryOf(child.pid).rss;
      most = Math.max(most, settled);
    }
    return { startSeconds, atReady, settled, most, peak: memoryOf(child.pid).peak };
  } finally {
    await stop(child);
  }
}

/** `serverMemory` on a new data directory, or two starts on one (`restart`), removed after. */
async function freshServerMemory(demoData, { restart = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  try {
    const first = await serverMemory(dataDir, demoData);
    return { first, again: restart ? await serverMemory(dataDir, demoData) : null };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A bare node process idling: what any node process costs on this machine. */
async function bareNodeMemory() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    stdio: 'ignore',
  });
  try {
    await sleep(1000);
    return memoryOf(child.pid);
  } finally {
    await stop(child);
  }
}

const figures = (m) =>
  `ready in ${m.startSeconds.toFixed(1)} s, RSS ${m.atReady.toFixed(0)} MB at ready, ${m.settled.toFixed(0)} MB ${SETTLE_MS / 1000} s later (most ${m.most.toFixed(0)}), peak ${m.peak.toFixed(0)} MB`;

/** Measures, prints each figure as it comes (`log`), and returns the scale table's rows. */
export async function measureServerMemory({ log = () => {} } = {}) {
  ensureBuilt();
  const bare = await bareNodeMemory();
  log(`bare node process: RSS ${bare.rss.toFixed(0)} MB`);
  const { first: plain } = await freshServerMemory(false);
  log(`server, new data directory, no demo book: ${figures(plain)}`);
  const { first: demo, again } = await freshServerMemory(true, { restart: true });
  log(
    `server, new data directory, demo book copied in: ${figures(demo)} (budget ≤ ${SERVER_RSS_BUDGET_MB} MB)`,
  );
  log(`the same server restarted on that data directory: ${figures(again)}`);
  return [
    {
      label: 'server RSS after first start (demo)',
      figure: `${demo.most.toFixed(0)} MB (peak ${demo.peak.toFixed(0)})`,
      budget: `≤ ${SERVER_RSS_BUDGET_MB} MB`,
      ratio: demo.most / plain.most,
      met: demo.most <= SERVER_RSS_BUDGET_MB && demo.peak <= SERVER_RSS_BUDGET_MB,
    },
    {
      label: 'server RSS restarted on its data (demo)',
      figure: `${again.most.toFixed(0)} MB (peak ${again.peak.toFixed(0)})`,
      budget: `≤ ${SERVER_RSS_BUDGET_MB} MB`,
      ratio: again.most / plain.most,
      met: again.most <= SERVER_RSS_BUDGET_MB && again.peak <= SERVER_RSS_BUDGET_MB,
    },
    {
      label: 'baseline server RSS, no demo book',
      figure: `${plain.most.toFixed(0)} MB (peak ${plain.peak.toFixed(0)})`,
      budget: 'baseline',
      ratio: 1,
    },
    {
      label: 'baseline bare node process RSS',
      figure: `${bare.rss.toFixed(0)} MB`,
      budget: 'baseline',
      ratio: bare.rss / plain.most,
    },
  ];
}
