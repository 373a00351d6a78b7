import type { Executor } from './db.js';

/** Who made an audited call and from where; copied onto every audit row the call writes. */
export interface AuditedCall {
  interfaceId: string;
  module: string;
  summary: string;
  actor: { id: number; name: string; email: string } | null;
  ip: string;
  userAgent: string;
  /** The parsed request body (redacted before it is stored). */
  request: unknown;
  at: Date;
}

/** One audit row: what changed on which record, before and after (redacted when written). */
export interface AuditEntry {
  /** Defaults to the interface id of the call. */
  action?: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  summary?: string;
  /** Defaults to the caller. */
  actorId?: number | null;
  /** Defaults to the time of the call. */
  at?: Date;
}

export interface AuditRecorder {
  record(entry: AuditEntry): Promise<void>;
}

/**
 * What the access layer needs from the audit module (a port, so plugins own no SQL): run an
 * audited call in ONE transaction that also holds its audit rows; when the handler recorded
 * none, a default row (interface id, redacted body) is written before the commit.
 */
export interface AuditPort {
  run<T>(call: AuditedCall, body: (tx: Executor, audit: AuditRecorder) => Promise<T>): Promise<T>;
}
