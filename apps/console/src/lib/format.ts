import { INDIA_TIME_ZONE } from '@lending/contract';
import { ppmToPercentText } from './units';

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60 * 1000;

/** Groups rupees the Indian way: the last three digits, then pairs (12,34,567). */
export function groupIndianDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs = rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${pairs},${last3}`;
}

/**
 * Formats an amount held in integer paise as rupees: 12345678 → '₹1,23,456.78'. Accepts
 * bigint, a safe integer, or the decimal string a bigint column arrives as.
 */
/**
 * An estimated count as a person would say it: two significant figures, grouped the Indian
 * way (9,87,654 → 9,90,000), since the digits past those are a guess (decision 0051).
 */
export function formatRoughCount(count: number): string {
  const dropped = Math.max(0, Math.floor(Math.log10(Math.max(count, 1))) + 1 - 2);
  const rounded = Math.round(count / 10 ** dropped) * 10 ** dropped;
  return groupIndianDigits(String(rounded));
}

export function formatPaise(paise: bigint | number | string): string {
  let value: bigint;
  if (typeof paise === 'bigint') value = paise;
  else if (typeof paise === 'number') {
    if (!Number.isSafeInteger(paise)) throw new RangeError(`paise must be an integer: ${paise}`);
    value = BigInt(paise);
  } else {
    if (!/^-?\d+$/.test(paise.trim())) throw new RangeError(`paise must be an integer: ${paise}`);
    value = BigInt(paise.trim());
  }
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const rupees = (abs / 100n).toString();
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}₹${groupIndianDigits(rupees)}.${rest}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function indiaShifted(instant: Date | number | string): Date {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) throw new RangeError(`invalid instant: ${String(instant)}`);
  return new Date(time + INDIA_OFFSET_MS);
}

/** The India calendar date of an instant, 'YYYY-MM-DD'. */
export function formatIndiaDate(instant: Date | number | string): string {
  const d = indiaShifted(instant);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The India wall-clock time of an instant, 'YYYY-MM-DD HH:mm:ss'. */
export function formatIndiaDateTime(instant: Date | number | string): string {
  const d = indiaShifted(instant);
  return `${formatIndiaDate(instant)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Adds whole days to an India calendar date 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

export { INDIA_TIME_ZONE };

/** A rate held in ppm as a percentage: 500 → '0.05%', 180000 → '18%' (exact, no rounding). */
export function formatPpmPercent(ppm: number): string {
  return `${ppmToPercentText(ppm)}%`;
}

/**
 * A share sent as a true fraction (0.125 is 12.5 %), with one decimal; '—' when there was
 * nothing to divide by (no registrants, no loans due).
 */
export function formatShare(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)}%`;
}
