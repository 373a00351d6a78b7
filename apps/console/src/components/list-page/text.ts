import type { TFunction } from 'i18next';
import type { Text } from './types';

/** i18next reads these option names itself; a row field of the same name must not steer it. */
const I18NEXT_OPTIONS = new Set([
  'lng',
  'lngs',
  'ns',
  'context',
  'defaultValue',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'interpolation',
  'keyPrefix',
  'replace',
  'fallbackLng',
  'ordinal',
]);

/** A row's fields as the values of a sentence (`{{email}}`). */
export function rowValues(row: unknown): Record<string, unknown> {
  if (!row || typeof row !== 'object') return {};
  return Object.fromEntries(Object.entries(row).filter(([name]) => !I18NEXT_OPTIONS.has(name)));
}

/** A screen text for a row: the key (or the key the row chooses) with the row's fields. */
export function translate<Row>(
  t: TFunction,
  text: Text<Row>,
  row: Row,
  extra: Record<string, unknown> = {},
): string {
  const key = typeof text === 'function' ? text(row) : text;
  return t(key, { ...rowValues(row), ...extra });
}
