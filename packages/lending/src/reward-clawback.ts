import type { Paise } from './money.js';

/**
 * How a reward clawed back splits (decision 0063): the wallet gives back what it still holds
 * spendable, up to the reward, and the rest is unrecovered (the inviter withdrew it), so a
 * wallet never goes below zero and recovered + unrecovered is always the reward.
 */
export function clawbackSplit(
  reward: Paise,
  spendable: Paise,
): { recovered: Paise; unrecovered: Paise } {
  if (reward < 0n) throw new RangeError(`reward must not be negative: ${reward}`);
  const recovered = spendable <= 0n ? 0n : spendable < reward ? spendable : reward;
  return { recovered, unrecovered: reward - recovered };
}
