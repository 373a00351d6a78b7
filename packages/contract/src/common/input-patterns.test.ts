import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AADHAAR_INPUT_PATTERN,
  IFSC_INPUT_PATTERN,
  INDIAN_MOBILE_INPUT_PATTERN,
  PAN_INPUT_PATTERN,
  indianMobileSchema,
  saveBankBodySchema,
  saveProfileBodySchema,
} from '../app/app.schema.js';
import { EMAIL_INPUT_PATTERN, emailSchema } from '../user/user.schema.js';
import { PHONE_SEARCH_INPUT_PATTERN, phoneSearchSchema } from './fields.js';

/**
 * The patterns the API documents show for the fields it normalises (decision 0069) accept
 * exactly what the schemas accept: thousands of seeded strings near the format (the right
 * characters, a few too many or too few, separators, case, spaces, prefixes), each both ways.
 * Only ASCII is drawn: the patterns describe what a caller should send, and upper-casing some
 * other scripts yields ASCII letters the patterns do not mention.
 */

/** Seeded PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

/** A string of `length` characters drawn from `alphabets` in turn (the last one repeats). */
function drawn(random: Random, alphabets: readonly string[], length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text += pick(random, [...alphabets[Math.min(index, alphabets.length - 1)]!]);
  }
  return text;
}

/** Separators sprinkled between the characters, now and then. */
function sprinkled(random: Random, text: string, separators: string): string {
  return [...text]
    .map((ch) => (random() < 0.2 ? `${ch}${pick(random, [...separators])}` : ch))
    .join('');
}

function padded(random: Random, text: string): string {
  const space = () => (random() < 0.2 ? pick(random, [' ', '  ', '\t']) : '');
  return `${space()}${text}${space()}`;
}

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS = `${UPPER}abcdefghijklmnopqrstuvwxyz`;

interface Format {
  name: string;
  schema: z.ZodType;
  pattern: RegExp;
  /** The schema's own limit on the raw text, which the document shows as maxLength. */
  maxLength?: number;
  draw(random: Random): string;
}

const mobile = (random: Random, separators: string) => {
  const prefix = pick(random, ['', '', '+91', '91', '0', '+9', '091', '+910', '00', '9', '+']);
  const first = pick(random, ['6', '7', '8', '9', '9', '5', '0']);
  const rest = drawn(random, [DIGITS], pick(random, [9, 9, 9, 8, 10]));
  return sprinkled(random, `${prefix}${first}${rest}`, separators);
};

const FORMATS: Format[] = [
  {
    name: 'mobile (app sign-in)',
    schema: indianMobileSchema,
    pattern: INDIAN_MOBILE_INPUT_PATTERN,
    maxLength: 20,
    draw: (random) => mobile(random, ' -()'),
  },
  {
    name: 'mobile (staff filters)',
    schema: phoneSearchSchema,
    pattern: PHONE_SEARCH_INPUT_PATTERN,
    maxLength: 20,
    draw: (random) =>
      random() < 0.05
        ? pick(random, ['', ' ', '()', '-', '+'])
        : padded(random, mobile(random, ' -()')),
  },
  {
    name: 'PAN',
    schema: saveProfileBodySchema.shape.pan,
    pattern: PAN_INPUT_PATTERN,
    draw: (random) => {
      const shape = pick(random, [
        [LETTERS, LETTERS, LETTERS, LETTERS, LETTERS, DIGITS, DIGITS, DIGITS, DIGITS, LETTERS],
        [LETTERS, LETTERS, LETTERS, LETTERS, DIGITS, DIGITS, DIGITS, DIGITS, DIGITS, LETTERS],
        [LETTERS + DIGITS],
      ]);
      const length = pick(random, [10, 10, 10, 9, 11]);
      return padded(random, drawn(random, shape, length));
    },
  },
  {
    name: 'IFSC',
    schema: saveBankBodySchema.shape.ifsc,
    pattern: IFSC_INPUT_PATTERN,
    draw: (random) => {
      const fifth = pick(random, ['0', '0', '0', 'O', '1']);
      const text =
        drawn(random, [LETTERS], 4) +
        fifth +
        drawn(random, [LETTERS + DIGITS], pick(random, [6, 6, 5, 7]));
      return padded(random, text);
    },
  },
  {
    name: 'Aadhaar',
    schema: saveProfileBodySchema.shape.aadhaar,
    pattern: AADHAAR_INPUT_PATTERN,
    draw: (random) => {
      const first = pick(random, ['2', '5', '9', '0', '1']);
      const rest = drawn(random, [DIGITS], pick(random, [11, 11, 10, 12]));
      return sprinkled(random, `${first}${rest}`, random() < 0.1 ? ' -x' : ' -');
    },
  },
  {
    name: 'e-mail',
    schema: emailSchema,
    pattern: EMAIL_INPUT_PATTERN,
    maxLength: 254,
    draw: (random) => {
      const local = drawn(random, ["aB9._+-'"], pick(random, [1, 3, 6]));
      const domain = pick(random, [
        'example.com',
        'Example.CO',
        'x.y',
        '-a.in',
        'a..b',
        'a',
        'b.c1',
      ]);
      const at = pick(random, ['@', '@', '@', '', '@@']);
      return padded(random, `${local}${at}${domain}`);
    },
  },
];

describe('the documented input patterns', () => {
  for (const format of FORMATS) {
    it(`accept exactly what the ${format.name} schema accepts`, () => {
      const random = prng(20261124);
      const disagreements: string[] = [];
      let accepted = 0;
      for (let round = 0; round < 3000; round += 1) {
        const text = format.draw(random);
        if (format.maxLength !== undefined && text.length > format.maxLength) continue;
        const byPattern = format.pattern.test(text);
        const bySchema = format.schema.safeParse(text).success;
        if (bySchema) accepted += 1;
        if (byPattern !== bySchema) {
          disagreements.push(`${JSON.stringify(text)}: pattern ${byPattern}, schema ${bySchema}`);
        }
      }
      expect(disagreements.slice(0, 10)).toEqual([]);
      // Both sides were tried: enough valid and enough invalid strings to mean something.
      expect(accepted).toBeGreaterThan(100);
      expect(accepted).toBeLessThan(2900);
    });
  }
});
