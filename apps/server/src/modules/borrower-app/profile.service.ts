import type { BorrowerProfile } from '@lending/contract';
import { AppError } from '../../shared/app-error.js';
import { paiseToApi } from '../../shared/paise.js';
import { aadhaarHash, createCustomer, setCustomerBankAccount } from '../loan-book/index.js';
import type { BorrowerAppDeps } from './borrower-app.deps.js';
import type { BorrowerAccountRow } from './borrowers.table.js';
import * as repo from './borrowers.repository.js';

function mask(value: string, visible = 4): string {
  return `${'*'.repeat(Math.max(0, value.length - visible))}${value.slice(-visible)}`;
}

export async function mustFindBorrower(deps: BorrowerAppDeps, borrowerId: number) {
  const row = await repo.findBorrower(deps.db, borrowerId);
  if (!row) throw new AppError('sessionEnded');
  return row;
}

/** The borrower's own view: PAN and account number masked, Aadhaar as last 4 only. */
export function profileView(
  row: BorrowerAccountRow,
  bank: { bankName: string; accountNumber: string; ifsc: string } | null = null,
): BorrowerProfile {
  return {
    borrowerId: row.id,
    phone: row.phone,
    registrationDate: row.registrationDate,
    channel: row.channel,
    customerId: row.customerId,
    name: row.name,
    birthDate: row.birthDate,
    region: row.region,
    occupation: row.occupation,
    monthlyIncomePaise: row.monthlyIncomePaise === null ? null : paiseToApi(row.monthlyIncomePaise),
    panMasked: row.pan ? mask(row.pan) : null,
    aadhaarLast4: row.aadhaarLast4,
    bankAccount:
      bank && row.bankVerification !== 'none'
        ? {
            bankName: bank.bankName,
            accountNumberMasked: mask(bank.accountNumber),
            ifsc: bank.ifsc,
            verification: row.bankVerification,
          }
        : null,
  };
}

export interface ProfileInput {
  name: string;
  birthDate: string;
  region: string;
  occupation: string;
  monthlyIncomePaise: number;
  pan: string;
  aadhaar: string;
}

/**
 * KYC: creates the loan-book customer (Aadhaar reduced to last 4 + keyed hash by the loan
 * book) with the registration date and channel of the app account. Identity is set once;
 * a second save is refused (a change of identity is a staff matter).
 */
export async function saveProfile(deps: BorrowerAppDeps, borrowerId: number, input: ProfileInput) {
  const now = deps.clock.now();
  const today = now.toISOString().slice(0, 10);
  if (input.birthDate >= today) throw AppError.invalid('birthDate', 'must be in the past');
  return deps.db.transaction(async (tx) => {
    const account = await repo.findBorrower(tx, borrowerId);
    if (!account) throw new AppError('sessionEnded');
    if (account.customerId !== null) {
      throw new AppError('conflict', { detail: 'the profile is already saved' });
    }
    const byPan = await repo.findBorrowerByPan(tx, input.pan);
    if (byPan)
      throw new AppError('duplicate', {
        field: 'pan',
        errors: [{ field: 'pan', message: 'already registered' }],
      });
    let customerId: number;
    try {
      const customer = await createCustomer(
        tx,
        deps.loanBook.aadhaarHashKey,
        {
          name: input.name,
          idType: 'aadhaar',
          idNumber: input.aadhaar,
          phone: account.phone,
          birthDate: input.birthDate,
          region: input.region,
          registrationDate: account.registrationDate,
          channel: account.channel,
        },
        now,
      );
      customerId = customer.id;
    } catch (error) {
      if (error instanceof AppError && error.key === 'duplicate') {
        throw new AppError('duplicate', {
          field: 'aadhaar',
          errors: [{ field: 'aadhaar', message: 'already registered' }],
        });
      }
      throw error;
    }
    const updated = await repo.updateBorrower(tx, borrowerId, {
      customerId,
      name: input.name,
      birthDate: input.birthDate,
      region: input.region,
      occupation: input.occupation,
      monthlyIncomePaise: BigInt(input.monthlyIncomePaise),
      pan: input.pan,
      aadhaarLast4: input.aadhaar.slice(-4),
      aadhaarHash: aadhaarHash(deps.loanBook.aadhaarHashKey, input.aadhaar),
      updatedAt: now,
    });
    return profileView(updated);
  });
}

/**
 * The disbursal account. Verification (a penny drop through the payout gateway) is pending
 * until the payout integration proves it; a new account always starts unverified.
 */
export async function saveBankAccount(
  deps: BorrowerAppDeps,
  borrowerId: number,
  input: { bankName: string; accountNumber: string; ifsc: string },
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const account = await repo.findBorrower(tx, borrowerId);
    if (!account) throw new AppError('sessionEnded');
    if (account.customerId === null) {
      throw new AppError('borrowerStepMissing', { field: 'profile' });
    }
    await setCustomerBankAccount(tx, account.customerId, { ...input, verified: false });
    const updated = await repo.updateBorrower(tx, borrowerId, {
      bankVerification: 'pending',
      bankVerificationRef: null,
      updatedAt: now,
    });
    return profileView(updated, input);
  });
}
