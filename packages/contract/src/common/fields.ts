import { z } from 'zod';

/**
 * What staff may type in a phone filter (phoneSearchSchema), as the documents show it: nothing
 * but spaces, dashes and brackets (no filter), or a mobile number among them. It accepts exactly
 * what the schema accepts, ASCII concerned (a test holds it to it; decision 0069).
 */
export const PHONE_SEARCH_INPUT_PATTERN =
  /^(?:[\s()-]*|[\s()-]*(?:(?:\+[\s()-]*)?9[\s()-]*1[\s()-]*|0[\s()-]*)?[6-9](?:[\s()-]*[0-9]){9}[\s()-]*)$/;

/**
 * An Indian mobile number as staff type it (spaces, dashes, +91 or a leading 0 allowed),
 * normalised to its 10 digits: searched for exactly on the stored normalised column, never
 * with LIKE over personal data (docs/security.md). Empty means no filter.
 */
export const phoneSearchSchema = z
  .string()
  .trim()
  .max(20)
  .transform((text) => {
    const digits = text.replace(/[\s\-()]/g, '').replace(/^\+?91(?=\d{10}$)/, '');
    return digits.replace(/^0(?=\d{10}$)/, '');
  })
  .refine((digits) => digits === '' || /^[6-9]\d{9}$/.test(digits), {
    message: 'must be a 10-digit Indian mobile number',
  })
  .meta({
    pattern: PHONE_SEARCH_INPUT_PATTERN.source,
    description:
      'An Indian mobile number (10 digits from 6-9, optionally after +91, 91 or 0; spaces, dashes and brackets are ignored), matched exactly. Empty: no filter.',
  });

/** The largest value a PostgreSQL `integer` column holds: every id column is one. */
export const MAX_ID = 2_147_483_647;

/** A row id as a caller sends it: a whole number that its column can hold. */
export const idSchema = z.int().min(1).max(MAX_ID);

/**
 * Why a string cannot be stored as PostgreSQL text or JSON, or null when it can: a NUL
 * character, or half of a UTF-16 surrogate pair (which has no UTF-8 form).
 */
export function unstorableTextReason(text: string): string | null {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0) return 'must not contain a NUL character';
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      return 'must not contain broken Unicode (an unpaired surrogate)';
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      return 'must not contain broken Unicode (an unpaired surrogate)';
    }
  }
  return null;
}

/**
 * The first string in a parsed JSON value (keys included) that the database could not store,
 * with its path (`filters.name`, `roleIds.2`), or null. Every body and query passes through
 * it before its schema, so no endpoint, present or future, can hand such text to a query,
 * an audit row or a ledger entry.
 */
interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, last?: string): string {
  const keys: string[] = last === undefined ? [] : [last];
  for (let at: Visit | null = visit; at; at = at.parent) if (at.key !== null) keys.push(at.key);
  return keys.reverse().join('.');
}

export function findUnstorableText(value: unknown): { field: string; reason: string } | null {
  // An explicit stack whose entries point at their parent, not recursion nor copied paths: a
  // megabyte of nested arrays must neither overflow the call stack nor take quadratic time.
  // Depth first, in document order, so the first bad field is the one reported.
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const item = visit.value;
    if (typeof item === 'string') {
      const reason = unstorableTextReason(item);
      if (reason) return { field: pathOf(visit), reason };
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) {
        stack.push({ value: item[index], key: String(index), parent: visit });
      }
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      for (const [key] of entries) {
        const reason = unstorableTextReason(key);
        if (reason) return { field: pathOf(visit, 'key'), reason };
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}
