import type { LoanConfig, SaveLoanConfigBody } from '@lending/contract';
import { validateTerms, type Component, type LoanProductTerms } from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { paiseToApi } from '../../shared/paise.js';
import {
  type LoanProductKind,
  type LoanProductRow,
  type LoanProductStatus,
} from './loan-products.table.js';
import {
  insertProduct,
  lockProduct,
  updateProduct,
  updateProductVersion,
  versionOfProduct,
} from './products.repository.js';

/** The engine's terms of a product row. */
export function termsOfProduct(row: LoanProductRow): LoanProductTerms {
  return {
    tenorDays: row.tenorDays,
    minPrincipal: row.minPrincipalPaise,
    maxPrincipal: row.maxPrincipalPaise,
    processingFeePpm: row.processingFeePpm,
    gstPpm: row.gstPpm,
    interestPerDayPpm: row.interestPerDayPpm,
    ...(row.penalPerDayPaise !== null ? { penalPerDayPaise: row.penalPerDayPaise } : {}),
    ...(row.penalPerDayPpm !== null ? { penalPerDayPpm: row.penalPerDayPpm } : {}),
    penalCapPpm: row.penalCapPpm,
    rolloverFeePpm: row.rolloverFeePpm,
    rolloverDays: row.rolloverDays,
    maxRollovers: row.maxRollovers,
    allowOverdueRollover: row.allowOverdueRollover,
    ...(row.coolingOffDays !== null ? { coolingOffDays: row.coolingOffDays } : {}),
    allocationOrder: row.allocationOrder as Component[],
  };
}

type TermsInput = Omit<SaveLoanConfigBody, 'id' | 'kind' | 'name' | 'status' | 'expectedVersion'>;

function termsOfInput(input: TermsInput): LoanProductTerms {
  return {
    tenorDays: input.tenorDays,
    minPrincipal: BigInt(input.minPrincipalPaise),
    maxPrincipal: BigInt(input.maxPrincipalPaise),
    processingFeePpm: input.processingFeePpm,
    gstPpm: input.gstPpm,
    interestPerDayPpm: input.interestPerDayPpm,
    ...(input.penalPerDayPaise !== null
      ? { penalPerDayPaise: BigInt(input.penalPerDayPaise) }
      : {}),
    ...(input.penalPerDayPpm !== null ? { penalPerDayPpm: input.penalPerDayPpm } : {}),
    penalCapPpm: input.penalCapPpm,
    rolloverFeePpm: input.rolloverFeePpm,
    rolloverDays: input.rolloverDays,
    maxRollovers: input.maxRollovers,
    allowOverdueRollover: input.allowOverdueRollover,
    ...(input.coolingOffDays !== null ? { coolingOffDays: input.coolingOffDays } : {}),
    allocationOrder: input.allocationOrder,
  };
}

/** Engine field names → API field names, so errors name what the form sent. */
const API_FIELD: Partial<Record<keyof LoanProductTerms, string>> = {
  minPrincipal: 'minPrincipalPaise',
  maxPrincipal: 'maxPrincipalPaise',
};

/** validateTerms of the engine; every failure names its field (400). */
export function assertValidTerms(terms: LoanProductTerms): void {
  const errors = validateTerms(terms);
  if (errors.length === 0) return;
  const fieldErrors = errors.map((e) => ({
    field: API_FIELD[e.field] ?? e.field,
    message: e.message,
  }));
  const first = fieldErrors[0]!;
  throw new AppError('validationFailed', {
    field: first.field,
    detail: first.message,
    errors: fieldErrors,
  });
}

function columnsOf(terms: LoanProductTerms) {
  return {
    tenorDays: terms.tenorDays,
    minPrincipalPaise: terms.minPrincipal,
    maxPrincipalPaise: terms.maxPrincipal,
    processingFeePpm: terms.processingFeePpm,
    gstPpm: terms.gstPpm,
    interestPerDayPpm: terms.interestPerDayPpm,
    penalPerDayPaise: terms.penalPerDayPaise ?? null,
    penalPerDayPpm: terms.penalPerDayPpm ?? null,
    penalCapPpm: terms.penalCapPpm,
    rolloverFeePpm: terms.rolloverFeePpm,
    rolloverDays: terms.rolloverDays,
    maxRollovers: terms.maxRollovers,
    allowOverdueRollover: terms.allowOverdueRollover,
    coolingOffDays: terms.coolingOffDays ?? null,
    allocationOrder: [...terms.allocationOrder],
  };
}

export function loanConfigView(row: LoanProductRow): LoanConfig {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    version: row.version,
    status: row.status,
    tenorDays: row.tenorDays,
    minPrincipalPaise: paiseToApi(row.minPrincipalPaise),
    maxPrincipalPaise: paiseToApi(row.maxPrincipalPaise),
    processingFeePpm: row.processingFeePpm,
    gstPpm: row.gstPpm,
    interestPerDayPpm: row.interestPerDayPpm,
    penalPerDayPaise: row.penalPerDayPaise === null ? null : paiseToApi(row.penalPerDayPaise),
    penalPerDayPpm: row.penalPerDayPpm,
    penalCapPpm: row.penalCapPpm,
    rolloverFeePpm: row.rolloverFeePpm,
    rolloverDays: row.rolloverDays,
    maxRollovers: row.maxRollovers,
    allowOverdueRollover: row.allowOverdueRollover,
    coolingOffDays: row.coolingOffDays,
    allocationOrder: row.allocationOrder as Component[],
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface ProductInput {
  id?: number | undefined;
  kind: LoanProductKind;
  name: string;
  /** A new product: default available. A new version: absent keeps the current status. */
  status?: LoanProductStatus | undefined;
  /** A new version: refuse (409) unless the product is still at this version. */
  expectedVersion?: number | undefined;
  terms: LoanProductTerms;
}

/**
 * Creates a product, or saves a new version of it: the version bumps in the same UPDATE that
 * checks `expectedVersion`, so two editors of one version cannot both succeed.
 */
export async function saveProduct(
  db: Executor,
  input: ProductInput,
  actorId: number | null,
  at: Date,
): Promise<LoanProductRow> {
  assertValidTerms(input.terms);
  const columns = {
    ...columnsOf(input.terms),
    name: input.name,
    updatedAt: at,
    updatedBy: actorId,
  };
  if (input.id === undefined) {
    if (input.expectedVersion !== undefined) {
      throw AppError.invalid('expectedVersion', 'only with id (a new version of a product)');
    }
    return insertProduct(db, {
      ...columns,
      status: input.status ?? 'available',
      kind: input.kind,
      version: 1,
      createdAt: at,
    });
  }
  const product = { id: input.id, kind: input.kind };
  const row = await updateProductVersion(db, product, input.expectedVersion, {
    ...columns,
    ...(input.status !== undefined ? { status: input.status } : {}),
  });
  if (row) return row;
  const current = await versionOfProduct(db, product);
  if (current === undefined)
    throw new AppError('notFound', { field: 'id', detail: String(input.id) });
  throw new AppError('conflict', {
    field: 'expectedVersion',
    detail: `the product is at version ${current}, not ${input.expectedVersion}; reload it and edit again`,
  });
}

export function productInputOf(body: SaveLoanConfigBody): ProductInput {
  return {
    id: body.id,
    kind: body.kind,
    name: body.name,
    status: body.status,
    expectedVersion: body.expectedVersion,
    terms: termsOfInput(body),
  };
}

export async function setProductStatus(
  db: Executor,
  id: number,
  status: LoanProductStatus,
  actorId: number | null,
  at: Date,
): Promise<{ before: LoanProductRow; after: LoanProductRow }> {
  const before = await lockProduct(db, id);
  if (!before) throw new AppError('notFound', { field: 'id', detail: String(id) });
  const after = await updateProduct(db, id, { status, updatedAt: at, updatedBy: actorId });
  return { before, after: after! };
}
