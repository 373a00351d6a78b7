/**
 * What staff type ↔ what the API carries (docs/decisions/0011, 0018): amounts are typed in
 * rupees and sent as integer paise, rates are typed in percent and sent as integer parts per
 * million (1 % = 10,000 ppm). Both directions work on the digits of the text, never on
 * floating point: `0.57 * 10000` is 5699.999999999999 and `1.15 * 100` is 114.99999999999999,
 * so a parse through `Number()` and a truncation would send the wrong figure.
 */

/** Whole rupees, plain or grouped the Indian (1,23,456) or international (123,456) way. */
const WHOLE = String.raw`(\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})`;
const RUPEES = new RegExp(String.raw`^(?:${WHOLE}(?:\.(\d{1,2}))?|\.(\d{1,2}))$`);
const PERCENT = /^(?:(\d+)(?:\.(\d{1,4}))?|\.(\d{1,4}))$/;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * `'4500.50'` → 450050, `'1,23,456.7'` → 12345670, `'₹ 20'` → 2000. `null` when the text is
 * not an amount in rupees with at most two decimals (a sign, a third decimal, '1,2', a decimal
 * comma) or is beyond what the API carries exactly (2^53 − 1 paise).
 */
export function rupeesTextToPaise(text: string): number | null {
  const trimmed = text.trim().replace(/^₹\s*/, '');
  const match = RUPEES.exec(trimmed);
  if (!match) return null;
  const whole = (match[1] ?? '0').replaceAll(',', '');
  const fraction = match[2] ?? match[3] ?? '';
  const paise = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return paise <= MAX_SAFE ? Number(paise) : null;
}

/** 450050 → `'4500.50'`: an amount as it is typed back into a form (no grouping, no ₹). */
export function paiseToRupeesText(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`paise must be a non-negative integer: ${paise}`);
  }
  const value = BigInt(paise);
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
}

/**
 * `'18'` → 180000, `'0.05'` → 500, `'0.1'` → 1000. `null` when the text is not a plain
 * non-negative percentage with at most four decimals (finer than one ppm cannot be stored).
 * The range (e.g. at most 100 %) is the caller's rule.
 */
export function percentTextToPpm(text: string): number | null {
  const match = PERCENT.exec(text.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? match[3] ?? '';
  const ppm = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0'));
  return ppm <= MAX_SAFE ? Number(ppm) : null;
}

/** 500 → `'0.05'`, 180000 → `'18'`, 1000 → `'0.1'`: shortest exact percentage text. */
export function ppmToPercentText(ppm: number): string {
  if (!Number.isSafeInteger(ppm) || ppm < 0) {
    throw new RangeError(`ppm must be a non-negative integer: ${ppm}`);
  }
  const value = BigInt(ppm);
  const whole = value / 10_000n;
  const fraction = (value % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A whole number typed into a form: `'14'` → 14; `null` for anything else ('1.5', '1e3', ''). */
export function wholeNumberText(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}
