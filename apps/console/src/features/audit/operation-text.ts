import type { OperationLogEntry } from '@lending/contract';

/** Who made a call, as the log shows it: 'Admin <admin@example.com>', or '—' for the system. */
export function actorText(entry: Pick<OperationLogEntry, 'actorName' | 'actorEmail'>): string {
  return entry.actorName ? `${entry.actorName} <${entry.actorEmail}>` : '—';
}
