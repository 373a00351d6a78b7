import { describe, expect, it } from 'vitest';
import { aprForKeyFacts, dailyInterest, dueAmount, quoteDisbursal, rolloverFee } from './fees.js';
import { rupeesToPaise as r } from './money.js';
import { WORKED_EXAMPLE_PRINCIPAL, WORKED_EXAMPLE_TERMS as terms } from './worked-example.js';

describe('the worked example of docs/domain.md, to the paisa', () => {
  const quote = quoteDisbursal(terms, WORKED_EXAMPLE_PRINCIPAL);

  it.each([
    ['processing fee', quote.processingFee, '315.00'],
    ['GST on fee', quote.gstOnFee, '56.70'],
    ['net disbursed', quote.netDisbursed, '4128.30'],
    ['due on day 14', dueAmount(terms, WORKED_EXAMPLE_PRINCIPAL), '4563.00'],
    ['daily interest', dailyInterest(terms, WORKED_EXAMPLE_PRINCIPAL), '4.50'],
  ])('%s = ₹%s', (_label, actual, rupees) => {
    expect(actual).toBe(r(rupees));
  });

  it('APR for the key fact statement = 274.53 %', () => {
    expect(aprForKeyFacts(terms, WORKED_EXAMPLE_PRINCIPAL)).toEqual({
      basisPoints: 27_453n,
      percent: '274.53',
    });
  });

  it('the borrower owes the full principal while receiving the net amount', () => {
    expect(quote.principal).toBe(r('4500.00'));
    expect(quote.principal - quote.netDisbursed).toBe(quote.processingFee + quote.gstOnFee);
  });
});

describe('fees on other amounts', () => {
  it.each([
    // principal, fee, gst, net
    ['1000.00', '70.00', '12.60', '917.40'],
    ['1234.56', '86.42', '15.56', '1132.58'], // 86.4192 → 86.42; 15.5556 → 15.56
    ['50000.00', '3500.00', '630.00', '45870.00'],
  ])('₹%s → fee %s, GST %s, net %s', (principal, fee, gst, net) => {
    const q = quoteDisbursal(terms, r(principal));
    expect([q.processingFee, q.gstOnFee, q.netDisbursed]).toEqual([r(fee), r(gst), r(net)]);
  });

  it('rollover fee is 5% of principal outstanding plus 18% GST', () => {
    expect(rolloverFee(terms, r('4500.00'))).toEqual({ fee: r('225.00'), gst: r('40.50') });
  });

  it('APR rounds half-up once, from the exact fraction', () => {
    // No fee, 0.1%/day for 10 days: (1% ) × 365 / 10 = 36.50 %
    const plain = { ...terms, processingFeePpm: 0, tenorDays: 10 };
    expect(aprForKeyFacts(plain, r('1000.00')).percent).toBe('36.50');
    // 7 days: 0.7% × 365 / 7 = 36.50 % as well (daily rate × 365)
    expect(aprForKeyFacts({ ...plain, tenorDays: 7 }, r('1000.00')).percent).toBe('36.50');
  });
});
