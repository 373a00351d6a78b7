import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from './db.js';

/**
 * What a load balancer and an operator ask of each server process:
 * - `GET /health/live`: the process answers (restart it if not);
 * - `GET /health/ready`: it should be sent traffic: the database answered and migrations
 *   and seed are done, and it is not shutting down (take it out of rotation if not);
 * - every answer carries `x-request-id` (the caller's, when it sent a well-formed one), and
 *   the logs carry the same id, so one request can be followed across a proxy and the logs.
 */
export interface Readiness {
  /** Set once migrations and seed are done; cleared when shutdown begins. */
  ready: boolean;
}

const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request id: the caller's `x-request-id` when well formed (no log injection), else new. */
export function requestIdOf(request: { headers: FastifyRequest['headers'] }): string {
  const header = request.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && WELL_FORMED_REQUEST_ID.test(value) ? value : randomUUID();
}

export function registerHealth(app: FastifyInstance, db: Database, readiness: Readiness): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.get('/health/live', { config: { rateLimit: false } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'live' }),
  );

  app.get('/health/ready', { config: { rateLimit: false } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!readiness.ready) return reply.status(503).send({ status: 'starting or stopping' });
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database did not answer');
      return reply.status(503).send({ status: 'database unavailable' });
    }
    return reply.send({ status: 'ready' });
  });
}
