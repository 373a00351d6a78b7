import type { Prng } from './prng.js';

/**
 * How a borrower treats a loan (decision 0014: early, on time, late, partially, roll over,
 * never).
 */
export type RepaymentBehaviour = 'early' | 'onTime' | 'late' | 'partial' | 'rollover' | 'never';

export const BEHAVIOURS: readonly (readonly [RepaymentBehaviour, number])[] = [
  ['early', 18],
  ['onTime', 40],
  ['late', 17],
  ['partial', 8],
  ['rollover', 9],
  ['never', 8],
];

/** Where registrations come from, and how many of them go on to apply. */
export const CHANNELS: readonly (readonly [string, number, number])[] = [
  // [channel, weight, share that applies]
  ['play_store', 50, 0.8],
  ['partner_paisabazaar', 25, 0.85],
  ['referral', 15, 0.9],
  ['facebook_ads', 10, 0.6],
];

export const OCCUPATIONS = ['salaried', 'self_employed', 'gig_worker', 'student', 'shop_owner'];
export const REGIONS = [
  'Maharashtra',
  'Karnataka',
  'Tamil Nadu',
  'Delhi',
  'Uttar Pradesh',
  'Telangana',
];
export const BANKS: readonly (readonly [string, string])[] = [
  ['State Bank of India', 'SBIN'],
  ['HDFC Bank', 'HDFC'],
  ['ICICI Bank', 'ICIC'],
  ['Axis Bank', 'UTIB'],
  ['Kotak Mahindra Bank', 'KKBK'],
];
const FIRST_NAMES = [
  'Asha',
  'Ravi',
  'Priya',
  'Arjun',
  'Neha',
  'Vikram',
  'Kavya',
  'Rahul',
  'Sneha',
  'Amit',
  'Pooja',
  'Karan',
  'Divya',
  'Suresh',
  'Anjali',
  'Manoj',
];
const LAST_NAMES = [
  'Verma',
  'Sharma',
  'Iyer',
  'Reddy',
  'Patel',
  'Nair',
  'Gupta',
  'Singh',
  'Das',
  'Khan',
  'Joshi',
  'Menon',
];

export interface SimBorrower {
  index: number;
  phone: string;
  name: string;
  channel: string;
  appliesProbability: number;
  behaviour: RepaymentBehaviour;
  /** Days after registration the borrower signs up. */
  arrivalDay: number;
  monthlyIncomePaise: number;
  occupation: string;
  region: string;
  pan: string;
  aadhaar: string;
  birthDate: string;
  bank: { bankName: string; accountNumber: string; ifsc: string };
  /** Principal asked for the first loan, in paise. */
  principalPaise: number;
  /** Chance of taking another loan after clearing one. */
  reloanProbability: number;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A borrower population: everything about each one drawn from the seed. */
export function makeBorrowers(
  prng: Prng,
  count: number,
  days: number,
  seedTag: number,
): SimBorrower[] {
  const borrowers: SimBorrower[] = [];
  for (let index = 0; index < count; index += 1) {
    const [channel, , applies] = prng.weighted(CHANNELS.map((c) => [c, c[1]] as const));
    const [bankName, bankCode] = prng.pick(BANKS);
    const letters = (n: number) =>
      Array.from({ length: n }, () => LETTERS[prng.int(0, 25)]).join('');
    const serial = String(seedTag * 1_000_000 + index)
      .padStart(9, '0')
      .slice(-9);
    borrowers.push({
      index,
      // Unique per borrower and seed: 9 + 9 digits.
      phone: `9${serial}`,
      name: `${prng.pick(FIRST_NAMES)} ${prng.pick(LAST_NAMES)}`,
      channel,
      appliesProbability: applies,
      behaviour: prng.weighted(BEHAVIOURS),
      arrivalDay: prng.int(0, Math.max(0, days - 1)),
      monthlyIncomePaise: prng.int(8, 90) * 100_000,
      occupation: prng.pick(OCCUPATIONS),
      region: prng.pick(REGIONS),
      pan: `${letters(3)}P${letters(1)}${String(prng.int(0, 9999)).padStart(4, '0')}${letters(1)}`,
      aadhaar: `${prng.int(2, 9)}${String(seedTag).padStart(2, '0').slice(-2)}${serial}`,
      birthDate: `19${prng.int(70, 99)}-${String(prng.int(1, 12)).padStart(2, '0')}-${String(prng.int(1, 28)).padStart(2, '0')}`,
      bank: {
        bankName,
        accountNumber: `${prng.int(1, 9)}${String(prng.int(0, 99)).padStart(2, '0')}${serial}`,
        ifsc: `${bankCode}0${String(prng.int(0, 999999)).padStart(6, '0')}`,
      },
      principalPaise: prng.pick([
        200_000, 300_000, 450_000, 500_000, 800_000, 1_000_000, 1_500_000,
      ]),
      reloanProbability: 0.45,
    });
  }
  return borrowers;
}

/** A reviewer: who they are in the book, how often they pass, how fast they work the queue. */
export interface ReviewerPersona {
  name: string;
  staffId: number;
  passRate: number;
  /** Share of their queue they decide each day. */
  speed: number;
}
