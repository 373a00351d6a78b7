import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPaise, formatPpmPercent } from './format';
import {
  paiseToRupeesText,
  percentTextToPpm,
  ppmToPercentText,
  rupeesTextToPaise,
  wholeNumberText,
} from './units';

describe('rupees typed → integer paise (exact)', () => {
  it.each([
    ['4500.50', 450_050],
    ['4,500.50', 450_050],
    ['4500.5', 450_050],
    ['4500', 450_000],
    ['0.01', 1],
    ['.5', 50],
    ['20.00', 2_000],
    ['1,23,456.78', 12_345_678],
    ['123,456.78', 12_345_678],
    ['  ₹ 5,000 ', 500_000],
    ['1.10', 110],
    ['1.15', 115],
    ['0.29', 29],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('%j → %d paise', (text, paise) => {
    expect(rupeesTextToPaise(text)).toBe(paise);
  });

  it.each([
    '',
    '.',
    '4500.505',
    '-10',
    '+10',
    '1e3',
    '1,2',
    '12,34',
    '4500,50',
    '1,234,56',
    'abc',
    '10 000',
    '90071992547409.92',
  ])('%j is refused', (text) => {
    expect(rupeesTextToPaise(text)).toBeNull();
  });

  it('paise → text → paise is the identity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (paise) => {
        expect(rupeesTextToPaise(paiseToRupeesText(paise))).toBe(paise);
      }),
    );
    expect(paiseToRupeesText(450_050)).toBe('4500.50');
    expect(paiseToRupeesText(5)).toBe('0.05');
    expect(() => paiseToRupeesText(1.5)).toThrow(RangeError);
  });

  it('agrees with the ₹ display for every grouped amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (paise) => {
        expect(rupeesTextToPaise(formatPaise(paise))).toBe(paise);
      }),
    );
  });
});

describe('percent typed → ppm (1 % = 10,000 ppm, exact)', () => {
  it.each([
    ['0.05', 500],
    ['18', 180_000],
    ['7', 70_000],
    ['0.1', 1_000],
    ['0.0001', 1],
    ['100', 1_000_000],
    ['0', 0],
    ['6.5', 65_000],
    ['0.07', 700],
    ['0.57', 5_700],
    ['1.13', 11_300],
    ['0.0003', 3],
    ['4.35', 43_500],
    ['.5', 5_000],
    ['18 %', 180_000],
    [' 2.50 ', 25_000],
  ])('%j %% → %d ppm', (text, ppm) => {
    expect(percentTextToPpm(text)).toBe(ppm);
  });

  it.each(['', '.', '0.00001', '-1', '1e2', '7,5', 'x', '1.2.3'])('%j is refused', (text) => {
    expect(percentTextToPpm(text)).toBeNull();
  });

  it('ppm → text → ppm is the identity, and the text is the shortest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (ppm) => {
        const text = ppmToPercentText(ppm);
        expect(percentTextToPpm(text)).toBe(ppm);
        expect(text).not.toMatch(/\.\d*0$/);
      }),
    );
    expect(ppmToPercentText(500)).toBe('0.05');
    expect(ppmToPercentText(180_000)).toBe('18');
    expect(ppmToPercentText(1_000)).toBe('0.1');
    expect(ppmToPercentText(12_345)).toBe('1.2345');
    expect(formatPpmPercent(500)).toBe('0.05%');
    expect(formatPpmPercent(1_000_000)).toBe('100%');
    expect(() => ppmToPercentText(-1)).toThrow(RangeError);
  });

  it('is not the floating-point product (which drifts)', () => {
    // The naive conversions these functions replace:
    expect(Math.trunc(Number('0.57') * 10_000)).toBe(5_699);
    expect(Math.trunc(Number('1.15') * 100)).toBe(114);
    expect(Number('0.0003') * 10_000).not.toBe(3);
    expect(percentTextToPpm('0.57')).toBe(5_700);
    expect(percentTextToPpm('0.0003')).toBe(3);
    expect(rupeesTextToPaise('1.15')).toBe(115);
    expect(rupeesTextToPaise('4.35')).toBe(435);
  });
});

describe('whole numbers typed', () => {
  it.each([
    ['14', 14],
    [' 0 ', 0],
    ['366', 366],
  ])('%j → %d', (text, value) => {
    expect(wholeNumberText(text)).toBe(value);
  });
  it.each(['', '1.5', '-1', '1e3', '0x10', 'ten', '1234567890'])('%j is refused', (text) => {
    expect(wholeNumberText(text)).toBeNull();
  });
});
