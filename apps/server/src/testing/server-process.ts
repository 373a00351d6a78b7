import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN } from '../modules/user/seed-accounts.js';

/**
 * The real server process for tests that need one (crash safety, two servers behind a
 * balancer): `server.ts` started through tsx as `npm run dev` starts it, on a PostgreSQL schema
 * the test made, with its own data directory. PostgreSQL only: PGlite is one process's database.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_ENTRY = path.resolve(here, '..', 'server.ts');
const REPOSITORY = path.resolve(here, '..', '..', '..', '..');

/** Polls `probe` every 50 ms until it answers something other than undefined. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port nobody listens on now, so the test knows where a server will answer. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** The log lines written so far (JSON lines at LOG_LEVEL), stdout and stderr together. */
  lines: string[];
  /** Waits until a log line matches. */
  waitForLine(test: (line: string) => boolean, timeoutMs: number): Promise<string>;
  /** Sends the signal (if still running) and waits for the exit. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts a server process with `env` over the defaults (loopback, a free port, its own data
 * directory, no demo data, warnings only), and, unless `ready` is false, waits until
 * `/health/ready` answers 200 (its migrations and seed done).
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  options: { ready?: boolean; readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPOSITORY,
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'server-process-')),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  // Both pipes are always read, so a chatty server never blocks on a full pipe.
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts.filter((line) => line.length > 0));
      for (const wake of waiting) wake();
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    url,
    port,
    exited,
    lines,
    waitForLine(test, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find(test);
          if (!found) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error('timed out waiting for a log line'));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.ready === false) return server;
  await waitFor(
    'the server to be ready',
    async () => {
      if (child.exitCode !== null) {
        throw new Error(`the server exited ${child.exitCode}: ${lines.slice(-5).join('\n')}`);
      }
      const ready = await fetch(`${url}/health/ready`).catch(() => undefined);
      return ready?.ok ? true : undefined;
    },
    options.readyTimeoutMs ?? 90_000,
  );
  return server;
}

/** Signs in over HTTP as the first start's administrator; the session's token. */
export async function signInAsDemoAdmin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/admin-api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const body = (await response.json()) as { code: number; msg?: string; ret?: { token: string } };
  if (!body.ret?.token) throw new Error(`sign-in failed: ${body.code} ${body.msg ?? ''}`);
  return body.ret.token;
}
