import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBalanced, postingsFor } from './ledger.js';
import { clawbackSplit } from './reward-clawback.js';

describe('clawbackSplit', () => {
  it('takes the whole reward back from a wallet that still holds it', () => {
    expect(clawbackSplit(100_00n, 250_00n)).toEqual({ recovered: 100_00n, unrecovered: 0n });
    expect(clawbackSplit(100_00n, 100_00n)).toEqual({ recovered: 100_00n, unrecovered: 0n });
  });

  it('takes what is left when the reward was partly or wholly withdrawn', () => {
    expect(clawbackSplit(100_00n, 40_00n)).toEqual({ recovered: 40_00n, unrecovered: 60_00n });
    expect(clawbackSplit(100_00n, 0n)).toEqual({ recovered: 0n, unrecovered: 100_00n });
  });

  it('refuses a negative reward', () => {
    expect(() => clawbackSplit(-1n, 0n)).toThrow(RangeError);
  });

  it('property: never more than the wallet holds, parts sum to the reward, journal balances', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (reward, spendable) => {
          const split = clawbackSplit(reward, spendable);
          expect(split.recovered).toBeGreaterThanOrEqual(0n);
          expect(split.recovered).toBeLessThanOrEqual(spendable);
          expect(split.unrecovered).toBeGreaterThanOrEqual(0n);
          expect(split.recovered + split.unrecovered).toBe(reward);
          expect(isBalanced(postingsFor({ type: 'walletClawback', ...split }))).toBe(true);
        },
      ),
    );
  });

  it('posts the recovered part back from the wallet and the rest as unrecovered cost', () => {
    expect(postingsFor({ type: 'walletClawback', recovered: 40_00n, unrecovered: 60_00n })).toEqual(
      {
        event: 'walletClawback',
        lines: [
          { account: 'liability:wallet', amount: 40_00n },
          { account: 'expense:invite_reward_unrecovered', amount: 60_00n },
          { account: 'expense:invite_reward', amount: -100_00n },
        ],
      },
    );
  });
});
