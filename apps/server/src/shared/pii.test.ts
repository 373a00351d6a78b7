import { describe, expect, it } from 'vitest';
import {
  canUnmask,
  maskAadhaarLast4,
  maskBankAccount,
  maskName,
  maskPan,
  maskPhone,
} from './pii.js';

describe('PII masking', () => {
  it.each([
    [maskPhone('9876543210'), '******3210'],
    [maskPan('ABCDE1234F'), 'A*****234F'],
    [maskAadhaarLast4('1234'), 'XXXX XXXX 1234'],
    [maskBankAccount('001234567890'), '********7890'],
    [maskBankAccount('123'), '***'],
    [maskPhone(''), ''],
    [maskName('Asha  Verma'), 'A*** V****'],
    [maskName('Jo'), 'J*'],
    [maskName(''), ''],
    [maskName('Priya Sharma'), 'P**** S*****'],
    [maskName('  Asha  K  Verma '), 'A*** * V****'],
    [maskName('Asha Verma'), 'A*** V****'],
    [maskName('  Ravi  '), 'R***'],
  ])('%s is %s', (masked, expected) => {
    expect(masked).toBe(expected);
  });

  it('unmasks only for the unmask interface or admin', () => {
    expect(canUnmask({ isAdmin: false, interfaces: new Set(['order.detail']) })).toBe(false);
    expect(canUnmask({ isAdmin: false, interfaces: new Set(['customer.unmask']) })).toBe(true);
    expect(canUnmask({ isAdmin: true, interfaces: new Set() })).toBe(true);
  });
});
