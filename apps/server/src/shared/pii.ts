/**
 * Masking of borrowers' personal data (docs/security.md, RBI/UIDAI): lists, details and exports
 * show masked values; only the unmask interface (`customer.unmask`, itself audited) returns
 * them whole. Aadhaar is never stored whole, so only its last 4 digits can ever be shown.
 */
export const UNMASK_INTERFACE = 'customer.unmask';

function keepLast(value: string, visible: number): string {
  const chars = [...value];
  if (chars.length <= visible) return '*'.repeat(chars.length);
  return '*'.repeat(chars.length - visible) + chars.slice(-visible).join('');
}

/** 9876543210 → ******3210 */
export function maskPhone(phone: string): string {
  return keepLast(phone, 4);
}

/**
 * A person's name: the first letter of each word kept, the rest starred (Asha Verma →
 * A*** V****): enough to tell two borrowers apart on a call, not enough to identify one.
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const chars = [...word];
      // A one-letter word (an initial) is hidden too: kept, it would be the whole word.
      return chars.length <= 1 ? '*' : chars[0] + '*'.repeat(chars.length - 1);
    })
    .join(' ');
}

/** ABCDE1234F → A*****234F (first letter and last 4 kept). */
export function maskPan(pan: string): string {
  if (pan.length < 5) return '*'.repeat(pan.length);
  return pan.slice(0, 1) + '*'.repeat(pan.length - 5) + pan.slice(-4);
}

/** Aadhaar: only the last 4 digits are kept anywhere: XXXX XXXX 1234. */
export function maskAadhaarLast4(last4: string): string {
  return `XXXX XXXX ${last4}`;
}

/** 001234567890 → ********7890 */
export function maskBankAccount(account: string): string {
  return keepLast(account, 4);
}

export function canUnmask(grants: { isAdmin: boolean; interfaces: ReadonlySet<string> }): boolean {
  return grants.isAdmin || grants.interfaces.has(UNMASK_INTERFACE);
}
