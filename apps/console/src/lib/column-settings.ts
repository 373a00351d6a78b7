/**
 * A list's column settings (which columns show, in what order), kept per user and per screen
 * in this browser's localStorage (docs/decisions/0024): a preference, not business data, so it
 * needs no server round trip and no audit; it does not follow the user to another browser.
 */
export interface ColumnSettings {
  /** Column keys in the order the user put them. */
  order: string[];
  /** Column keys the user turned off. */
  hidden: string[];
  /** Column keys the user turned on although the screen hides them by default. */
  shown: string[];
}

const PREFIX = 'listColumns:v1';

function storageKey(user: string, route: string): string {
  return `${PREFIX}:${user}:${route}`;
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export function readColumnSettings(user: string, route: string): ColumnSettings | null {
  try {
    const raw = localStorage.getItem(storageKey(user, route));
    if (!raw) return null;
    const value = JSON.parse(raw) as Record<string, unknown>;
    return {
      order: strings(value.order),
      hidden: strings(value.hidden),
      shown: strings(value.shown),
    };
  } catch {
    return null;
  }
}

export function writeColumnSettings(user: string, route: string, settings: ColumnSettings | null) {
  try {
    if (settings) localStorage.setItem(storageKey(user, route), JSON.stringify(settings));
    else localStorage.removeItem(storageKey(user, route));
  } catch {
    // Storage full or disabled: the settings last while the page is open.
  }
}

export interface ColumnArrangement {
  /** Every column key, in display order. */
  order: string[];
  visible: ReadonlySet<string>;
}

/**
 * Applies settings to a screen's columns: keys the screen no longer has are ignored, columns
 * it added since are placed where the screen puts them, default visibility holds unless the
 * user changed it.
 */
export function arrangeColumns(
  columns: readonly { key: string; hiddenByDefault?: boolean }[],
  settings: ColumnSettings | null,
): ColumnArrangement {
  const keys = columns.map((column) => column.key);
  const known = new Set(keys);
  const saved = (settings?.order ?? []).filter((key) => known.has(key));
  const order = [...saved];
  keys.forEach((key, index) => {
    if (order.includes(key)) return;
    // After the nearest column before it in the screen's order, else first.
    const before = keys
      .slice(0, index)
      .reverse()
      .find((other) => order.includes(other));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, key);
  });
  const hidden = new Set(settings?.hidden ?? []);
  const shown = new Set(settings?.shown ?? []);
  const visible = new Set(
    columns
      .filter((column) =>
        column.hiddenByDefault ? shown.has(column.key) : !hidden.has(column.key),
      )
      .map((column) => column.key),
  );
  return { order, visible };
}
