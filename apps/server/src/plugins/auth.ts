import type { FastifyRequest } from 'fastify';

/** A signed-in caller: the session and its account. */
export interface Caller {
  sessionId: number;
  userId: number;
}

export interface CallerGrants {
  isAdmin: boolean;
  interfaces: ReadonlySet<string>;
}

/** What the access layer needs from the accounts module (kept as a port so plugins own no SQL). */
export interface AuthPort {
  /** The live session of a token, or undefined (missing, expired, revoked, account disabled). */
  verifySession(token: string | undefined): Promise<Caller | undefined>;
  /** Grants as they are now in the database (role changes apply at the next call). */
  grantsOf(userId: number): Promise<CallerGrants>;
  /** Name and e-mail of an account, copied onto the audit rows of its calls. */
  staffOf(userId: number): Promise<{ name: string; email: string } | undefined>;
}

/**
 * The session token comes ONLY from the X-Token header (docs/security.md): never from a cookie
 * (no CSRF through ambient credentials) and never from the query string, which ends up in
 * logs and browser history. The spec's `user_info?token=` is accepted by the schema and ignored.
 */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-token'];
  const value = Array.isArray(header) ? header[0] : header;
  const token = value?.trim();
  return token ? token : undefined;
}

/** Logged URLs never carry a token, whatever the client sent. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[REDACTED]');
}
