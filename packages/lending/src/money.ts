/**
 * Money is integer paise (`bigint`), rates are integer parts per million. Every rounding in
 * the engine goes through `divRoundHalfUp`, so a posted amount is exact and reproducible.
 */
export type Paise = bigint;

/** Parts per million: 7% = 70_000, 0.1% = 1_000, 18% = 180_000. */
export type Ppm = number;

export const PPM_SCALE = 1_000_000n;
export const ZERO: Paise = 0n;

/** An integer amount of paise; throws on fractions (a programming error, not user input). */
export function paise(value: number | bigint | string): Paise {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new RangeError(`Paise must be a safe integer: ${value}`);
    return BigInt(value);
  }
  if (!/^-?\d+$/.test(value)) throw new RangeError(`Paise must be an integer string: ${value}`);
  return BigInt(value);
}

const RUPEES = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** `'4500.00'` → `450000n`; `null` when the text is not rupees with at most two decimals. */
export function parseRupees(text: string): Paise | null {
  const match = RUPEES.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const amount = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -amount : amount;
}

/** Like `parseRupees`, for trusted literals (product set-up, tests); throws when malformed. */
export function rupeesToPaise(text: string): Paise {
  const amount = parseRupees(text);
  if (amount === null) throw new RangeError(`Not an amount in rupees: ${text}`);
  return amount;
}

/** `450000n` → `'4500.00'`: a plain decimal for records and messages (the console formats). */
export function paiseToRupees(amount: Paise): string {
  const sign = amount < 0n ? '-' : '';
  const abs = amount < 0n ? -amount : amount;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * n / d rounded half-up (half away from zero, so a negative amount mirrors its positive).
 * `d` must be positive.
 */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('Divisor must be positive');
  if (n < 0n) return -divRoundHalfUp(-n, d);
  return (2n * n + d) / (2n * d);
}

function ppmBigInt(rate: Ppm): bigint {
  if (!Number.isSafeInteger(rate)) throw new RangeError(`Rate must be integer ppm: ${rate}`);
  return BigInt(rate);
}

/** amount × rate, rounded half-up to the paisa (the rounding rule of every posting). */
export function applyRate(amount: Paise, rate: Ppm): Paise {
  return divRoundHalfUp(amount * ppmBigInt(rate), PPM_SCALE);
}

const PERCENT = /^(\d+)(?:\.(\d{1,4}))?$/;

/** `'7'` → 70_000, `'0.1'` → 1_000; `null` beyond 4 decimals (finer than a ppm). */
export function percentToPpm(text: string): Ppm | null {
  const match = PERCENT.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const value = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

export function sumPaise(amounts: Iterable<Paise>): Paise {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}

export function minPaise(a: Paise, b: Paise): Paise {
  return a < b ? a : b;
}

export function maxPaise(a: Paise, b: Paise): Paise {
  return a > b ? a : b;
}
