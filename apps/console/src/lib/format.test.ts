import { describe, expect, it } from 'vitest';
import {
  formatRoughCount,
  addDays,
  formatIndiaDate,
  formatIndiaDateTime,
  formatPaise,
  groupIndianDigits,
} from './format';

describe('formatPaise: ₹ with Indian digit grouping', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [100, '₹1.00'],
    [99_999, '₹999.99'],
    [100_000, '₹1,000.00'],
    [12_345_678, '₹1,23,456.78'],
    [1_000_000_000, '₹1,00,00,000.00'],
    [-12_345_678, '-₹1,23,456.78'],
  ])('%d paise → %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });

  it('takes bigint and the decimal strings bigint columns arrive as', () => {
    expect(formatPaise(123_456_789_012_345_678n)).toBe('₹1,23,45,67,89,01,23,456.78');
    expect(formatPaise('12345678')).toBe('₹1,23,456.78');
  });

  it('refuses fractions of a paisa', () => {
    expect(() => formatPaise(1.5)).toThrow(RangeError);
    expect(() => formatPaise('12.5')).toThrow(RangeError);
  });

  it('groups digits the Indian way', () => {
    expect(['1', '12', '123', '1234', '12345', '123456', '1234567'].map(groupIndianDigits)).toEqual(
      ['1', '12', '123', '1,234', '12,345', '1,23,456', '12,34,567'],
    );
  });
});

describe('India time (Asia/Kolkata, UTC+05:30)', () => {
  it('formats instants in India wall-clock time', () => {
    expect(formatIndiaDateTime('2026-03-31T18:29:59Z')).toBe('2026-03-31 23:59:59');
    expect(formatIndiaDateTime('2026-03-31T18:30:00Z')).toBe('2026-04-01 00:00:00');
    expect(formatIndiaDate(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });

  it('adds calendar days across month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('rejects an invalid instant', () => {
    expect(() => formatIndiaDate('not a date')).toThrow(RangeError);
  });
});

describe('formatRoughCount: an estimate to two significant figures', () => {
  it('rounds and groups the Indian way', () => {
    expect(formatRoughCount(987_654)).toBe('9,90,000');
    expect(formatRoughCount(10_001)).toBe('10,000');
    expect(formatRoughCount(1_234_567)).toBe('12,00,000');
    expect(formatRoughCount(45)).toBe('45');
  });
});
