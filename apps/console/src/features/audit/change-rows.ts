export interface ChangeRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nested objects become dot paths ("outstanding.principal"); arrays and leaves stay whole. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, {});
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  out.set(prefix || '(value)', value);
}

function show(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.map((item) => String(item)).join(', ');
  }
  return JSON.stringify(value);
}

/**
 * A readable before/after of an audit entry: one row per field of either side, the changed
 * ones first. A missing side (created, deleted) shows as empty.
 */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  const b = new Map<string, unknown>();
  const a = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', b);
  if (after !== null && after !== undefined) flatten(after, '', a);
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  const rows = fields.map((field) => {
    const shownBefore = show(b.get(field));
    const shownAfter = show(a.get(field));
    return {
      field,
      before: shownBefore,
      after: shownAfter,
      changed: b.has(field) !== a.has(field) || shownBefore !== shownAfter,
    };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
