import { createHmac } from 'node:crypto';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { insertCustomerUnlessKnown, updateCustomer } from './customers.repository.js';
import type { CustomerRow } from './customers.table.js';

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const AADHAAR_PATTERN = /^[2-9][0-9]{11}$/;
export const PHONE_PATTERN = /^[6-9][0-9]{9}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export interface NewCustomer {
  name: string;
  idType: 'aadhaar' | 'pan';
  /** The full number as entered; Aadhaar is reduced to last 4 + keyed hash before storage. */
  idNumber: string;
  phone: string;
  birthDate?: string | null;
  region?: string;
  registrationDate: string;
  customerType?: 'new' | 'old';
  channel?: string;
  bankName?: string;
  bankAccountNumber?: string;
  ifsc?: string;
  bankAccountVerified?: boolean;
}

/** HMAC-SHA256 under the server key: finds the same Aadhaar again without storing it. */
export function aadhaarHash(key: string, aadhaar: string): string {
  return createHmac('sha256', key).update(aadhaar).digest('hex');
}

export async function createCustomer(
  db: Executor,
  aadhaarHashKey: string,
  input: NewCustomer,
  at: Date,
): Promise<CustomerRow> {
  const idNumber = input.idNumber.replace(/\s+/g, '').toUpperCase();
  if (input.idType === 'pan' && !PAN_PATTERN.test(idNumber))
    throw AppError.invalid('idNumber', 'not a PAN');
  if (input.idType === 'aadhaar' && !AADHAAR_PATTERN.test(idNumber)) {
    throw AppError.invalid('idNumber', 'not an Aadhaar number');
  }
  if (!PHONE_PATTERN.test(input.phone))
    throw AppError.invalid('phone', 'not an Indian mobile number');
  if (input.ifsc && !IFSC_PATTERN.test(input.ifsc)) throw AppError.invalid('ifsc', 'not an IFSC');
  const identity =
    input.idType === 'aadhaar'
      ? {
          idNumber: null,
          idLast4: idNumber.slice(-4),
          idHash: aadhaarHash(aadhaarHashKey, idNumber),
        }
      : { idNumber, idLast4: null, idHash: null };
  const row = await insertCustomerUnlessKnown(db, {
    name: input.name,
    idType: input.idType,
    ...identity,
    phone: input.phone,
    birthDate: input.birthDate ?? null,
    region: input.region ?? '',
    registrationDate: input.registrationDate,
    customerType: input.customerType ?? 'new',
    channel: input.channel ?? '',
    bankName: input.bankName ?? '',
    bankAccountNumber: input.bankAccountNumber ?? '',
    ifsc: input.ifsc ?? '',
    bankAccountVerified: input.bankAccountVerified ?? false,
    createdAt: at,
  });
  if (!row) throw new AppError('duplicate', { field: 'idNumber' });
  return row;
}

/**
 * The customer's bank account for disbursal (docs/domain.md: only to the borrower's own verified
 * account). Saving a new account clears the verification until it is proven again.
 */
export async function setCustomerBankAccount(
  db: Executor,
  customerId: number,
  account: { bankName: string; accountNumber: string; ifsc: string; verified: boolean },
): Promise<void> {
  if (!IFSC_PATTERN.test(account.ifsc)) throw AppError.invalid('ifsc', 'not an IFSC');
  await updateCustomer(db, customerId, {
    bankName: account.bankName,
    bankAccountNumber: account.accountNumber,
    ifsc: account.ifsc,
    bankAccountVerified: account.verified,
  });
}
