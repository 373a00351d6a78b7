import { REDACTED_KEYS } from '@lending/contract';

const redactedKeys = new Set(REDACTED_KEYS);
export const REDACTED = '[REDACTED]';

/**
 * A JSON-safe copy with every password and token value replaced, at any depth (docs/security.md:
 * they never appear in any log). bigint becomes its decimal string; undefined becomes null.
 */
export function redact(value: unknown): unknown {
  if (value === undefined) return null;
  return visit(value, 0);
}

function visit(value: unknown, depth: number): unknown {
  if (depth > 20) return '[…]';
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => visit(item, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined) continue;
      out[key] = redactedKeys.has(key.toLowerCase()) ? REDACTED : visit(item, depth + 1);
    }
    return out;
  }
  if (typeof value === 'function' || typeof value === 'symbol') return null;
  return value;
}
