import { describe, expect, it } from 'vitest';
import { cellOf, numberFormat } from './export-workbook.js';

describe('export cells', () => {
  it('writes a share as the fraction with a percent format, so 1/3 reads 33.3% and sums right', () => {
    const share = { field: 'conversionRate', header: 'Conversion', kind: 'share' } as const;
    expect(cellOf(share, 1 / 3)).toBe(1 / 3);
    expect(numberFormat('share')).toBe('0.0%');
    // Nothing to divide by: an empty cell, not 0 %.
    expect(cellOf(share, null)).toBeNull();
  });

  it('writes paise as rupees and ppm as a fraction', () => {
    expect(cellOf({ field: 'a', header: 'A', kind: 'money' }, 456_300)).toBe(4_563);
    expect(cellOf({ field: 'p', header: 'P', kind: 'ppm' }, 1_000)).toBe(0.001);
    expect(numberFormat('ppm')).toBe('0.00##%');
  });
});
