import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RegisteredList } from '../../plugins/access.js';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import { parseInput } from '../../plugins/input.js';
import type { ExportableList } from './export-deps.js';

/**
 * The HTTP side of an export's reads: a list endpoint the access layer registered, as a list
 * the export pages through with plain values (a body, a user and their grants), so the
 * export's own code knows nothing of requests and replies.
 */
export function exportableList(list: RegisteredList): ExportableList {
  return {
    endpoint: list.endpoint,
    read: ({ body, userId, grants, db }) => {
      // Checked with the list's own schema, as the screen's call is (400 naming the field).
      const parsed = parseInput(list.endpoint.body, body, 'body');
      const { request, reply } = detachedCall();
      return list.handler({
        body: parsed as never,
        query: undefined,
        caller: { sessionId: 0, userId },
        grants,
        tx: db,
        audit: refusedAudit,
        request,
        reply,
      });
    },
  };
}

/**
 * The stand-ins for the HTTP call a list handler may look at: list handlers read their body
 * and caller only (a handler that needs more is not a list, and fails its export loudly).
 */
function detachedCall(): { request: FastifyRequest; reply: FastifyReply } {
  const request = { ip: '', headers: {}, language: 'en' } as unknown;
  return { request: request as FastifyRequest, reply: {} as FastifyReply };
}

const refusedAudit: AuditRecorder = {
  record: () => Promise.reject(new Error('an export reads; it records nothing')),
};
