import type { Paise } from './money.js';

/** The parts of what a borrower owes; each has its own receivable account in the ledger. */
export const COMPONENTS = ['principal', 'interest', 'fee', 'gst', 'penal'] as const;
export type Component = (typeof COMPONENTS)[number];

export type ComponentAmounts = Record<Component, Paise>;

export function zeroAmounts(): ComponentAmounts {
  return { principal: 0n, interest: 0n, fee: 0n, gst: 0n, penal: 0n };
}

export function amountsOf(partial: Partial<ComponentAmounts>): ComponentAmounts {
  return { ...zeroAmounts(), ...partial };
}

export function totalOf(amounts: ComponentAmounts): Paise {
  return COMPONENTS.reduce((sum, c) => sum + amounts[c], 0n);
}

export function addAmounts(a: ComponentAmounts, b: ComponentAmounts): ComponentAmounts {
  const out = zeroAmounts();
  for (const c of COMPONENTS) out[c] = a[c] + b[c];
  return out;
}

export function subtractAmounts(a: ComponentAmounts, b: ComponentAmounts): ComponentAmounts {
  const out = zeroAmounts();
  for (const c of COMPONENTS) out[c] = a[c] - b[c];
  return out;
}

export function isComponent(value: string): value is Component {
  return (COMPONENTS as readonly string[]).includes(value);
}
