// Load over loopback for the scale bench, from a worker thread (its own event loop, so the
// clients do not queue behind the server's work in the bench's).

import { Worker } from 'node:worker_threads';

export const CLIENTS = 50;

const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, method, body, token, clients, requests } = workerData;
(async () => {
  const times = [];
  let next = 0;
  let failures = 0;
  let lastError = null;
  async function client() {
    while (next < requests) {
      next += 1;
      const t0 = performance.now();
      try {
        const res = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await res.text();
        times.push(performance.now() - t0);
        if (!res.ok || (text.startsWith('{"code"') && !text.startsWith('{"code":0'))) {
          failures += 1;
          lastError = text.slice(0, 160);
        }
      } catch (error) {
        failures += 1;
        lastError = String(error);
      }
    }
  }
  await Promise.all(Array.from({ length: clients }, client));
  parentPort.postMessage({ times, failures, lastError });
})();
`;

/** `requests` calls of one request from CLIENTS concurrent clients: p50, p99 and failures. */
export function load(base, token, { path, body, method = 'POST' }, requests) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: {
        url: `${base}${path}`,
        method,
        body,
        token,
        clients: CLIENTS,
        requests,
      },
    });
    worker.once('message', (m) => {
      const sorted = m.times.sort((a, b) => a - b);
      const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
      resolve({ p50: at(0.5), p99: at(0.99), failures: m.failures, lastError: m.lastError });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** One call of the admin API, answered as its JSON envelope. */
export async function call(base, token, path, body) {
  const res = await fetch(`${base}/admin-api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': token },
    body: JSON.stringify(body),
  });
  return res.json();
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
