import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The console's hashed assets (`dist/assets`), read once at start and answered from memory
 * (issue #15, decision 0093): a first load asks for them all at once, and reading a file per
 * request (a stat, an open, a stream) made each wait on the disk and the event loop. A hashed
 * name never changes content, so the bodies are kept for the process's life and the browser
 * may keep them a year. The build writes a brotli and a gzip copy beside each text asset; the
 * one the browser accepts is sent, brotli first. About 7 MB for the whole console.
 */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

interface Asset {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  const names = new Set(readdirSync(dir));
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const copy = (suffix: string) =>
      names.has(name + suffix) ? readFileSync(path.join(dir, name + suffix)) : undefined;
    assets.set(name, {
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      identity: readFileSync(path.join(dir, name)),
      br: copy('.br'),
      gzip: copy('.gz'),
    });
  }
  return assets;
}

/** Which copy to send for an Accept-Encoding header (q-values other than 0 are not weighed). */
function encodingFor(asset: Asset, accepted: string): 'br' | 'gzip' | undefined {
  const offers = new Set(
    accepted
      .split(',')
      .map((part) => part.trim())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim().toLowerCase()),
  );
  if (asset.br && offers.has('br')) return 'br';
  if (asset.gzip && offers.has('gzip')) return 'gzip';
  return undefined;
}

export function registerConsoleAssets(app: FastifyInstance, consoleDist: string): void {
  const assets = readAssets(path.join(consoleDist, 'assets'));
  app.get<{ Params: { name: string } }>('/assets/:name', (request, reply) => {
    const asset = assets.get(request.params.name);
    // A missing asset takes the not-found path (a plain 404).
    if (!asset) return reply.callNotFound();
    const encoding = encodingFor(asset, String(request.headers['accept-encoding'] ?? ''));
    reply
      .header('content-type', asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? asset[encoding] : asset.identity);
  });
}
