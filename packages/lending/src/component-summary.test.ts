import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsOf } from './components.js';
import { componentSummary } from './component-summary.js';
import { postingsFor, receivableBalances, type Journal } from './ledger.js';
import { componentAmountsArb } from './testing/arbitraries.js';

const disbursal = postingsFor({
  type: 'disbursal',
  principal: 450_000n,
  processingFee: 31_500n,
  gstOnFee: 5_670n,
});
const interest = postingsFor({ type: 'interestAccrual', amount: 450n });
const penal = postingsFor({ type: 'penalAccrual', amount: 2_000n });

describe('componentSummary', () => {
  it('sorts charges, payments, waivers and write-offs per component', () => {
    const repayment = postingsFor({
      type: 'repayment',
      allocated: amountsOf({ interest: 450n, principal: 100_000n }),
      excess: 0n,
    });
    const waiver = postingsFor({ type: 'waiver', amounts: amountsOf({ penal: 2_000n }) });
    const summary = componentSummary([disbursal, interest, penal, repayment, waiver]);
    expect(summary.charged).toEqual(
      amountsOf({ principal: 450_000n, interest: 450n, penal: 2_000n }),
    );
    expect(summary.paid).toEqual(amountsOf({ principal: 100_000n, interest: 450n }));
    expect(summary.waived).toEqual(amountsOf({ penal: 2_000n }));
    expect(summary.writtenOff).toEqual(amountsOf({}));
    expect(summary.outstanding).toEqual(amountsOf({ principal: 350_000n }));
  });

  it('a reversed repayment is no longer paid; a restated accrual is no longer charged', () => {
    const repayment = postingsFor({
      type: 'repayment',
      allocated: amountsOf({ principal: 450_000n }),
      excess: 0n,
    });
    const bounced = postingsFor({ type: 'reversal', original: repayment });
    const restated = postingsFor({ type: 'valueDateReversal', original: penal });
    const summary = componentSummary([disbursal, penal, repayment, bounced, restated]);
    expect(summary.paid).toEqual(amountsOf({}));
    expect(summary.charged).toEqual(amountsOf({ principal: 450_000n }));
    expect(summary.outstanding).toEqual(amountsOf({ principal: 450_000n }));
  });

  it('a rollover charges its fee and GST and counts the money taken as paid', () => {
    const rollover = postingsFor({
      type: 'rollover',
      fee: 22_500n,
      gst: 4_050n,
      paid: amountsOf({ fee: 22_500n, gst: 4_050n, interest: 450n }),
    });
    const summary = componentSummary([disbursal, interest, rollover]);
    expect(summary.charged).toEqual(
      amountsOf({ principal: 450_000n, interest: 450n, fee: 22_500n, gst: 4_050n }),
    );
    expect(summary.paid).toEqual(amountsOf({ fee: 22_500n, gst: 4_050n, interest: 450n }));
    expect(summary.outstanding).toEqual(amountsOf({ principal: 450_000n }));
  });

  it('the outstanding always equals the receivable balance of the journals', () => {
    const journal = fc.oneof(
      componentAmountsArb.map((amounts) => postingsFor({ type: 'waiver', amounts })),
      componentAmountsArb.map((amounts) => postingsFor({ type: 'writeOff', amounts })),
      componentAmountsArb.map((allocated) =>
        postingsFor({ type: 'repayment', allocated, excess: 0n }),
      ),
      fc
        .bigInt({ min: 1n, max: 10_000n })
        .map((amount) => postingsFor({ type: 'interestAccrual', amount })),
    );
    fc.assert(
      fc.property(fc.array(journal, { maxLength: 8 }), fc.boolean(), (journals, reverseLast) => {
        const all: Journal[] = [disbursal, ...journals];
        const last = all.at(-1);
        if (reverseLast && last) all.push(postingsFor({ type: 'reversal', original: last }));
        expect(componentSummary(all).outstanding).toEqual(receivableBalances(all));
      }),
    );
  });
});
