import { and, eq, sql } from 'drizzle-orm';
import type { LoanConfig, listLoanConfigBodySchema, SaveLoanConfigBody } from '@lending/contract';
import type { z } from 'zod';
import { validateTerms, type Component, type LoanProductTerms } from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { runList } from '../../shared/list-query.js';
import { paiseToApi } from '../../shared/paise.js';
import {
  loanProducts,
  type LoanProductKind,
  type LoanProductRow,
  type LoanProductStatus,
} from './loan-products.table.js';

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
    const [row] = await db
      .insert(loanProducts)
      .values({
        ...columns,
        status: input.status ?? 'available',
        kind: input.kind,
        version: 1,
        createdAt: at,
      })
      .returning();
    return row!;
  }
  const product = and(eq(loanProducts.id, input.id), eq(loanProducts.kind, input.kind));
  const [row] = await db
    .update(loanProducts)
    .set({
      ...columns,
      ...(input.status !== undefined ? { status: input.status } : {}),
      version: sql`${loanProducts.version} + 1`,
    })
    .where(
      and(
        product,
        input.expectedVersion !== undefined
          ? eq(loanProducts.version, input.expectedVersion)
          : undefined,
      ),
    )
    .returning();
  if (row) return row;
  const [current] = await db
    .select({ version: loanProducts.version })
    .from(loanProducts)
    .where(product);
  if (!current) throw new AppError('notFound', { field: 'id', detail: String(input.id) });
  throw new AppError('conflict', {
    field: 'expectedVersion',
    detail: `the product is at version ${current.version}, not ${input.expectedVersion}; reload it and edit again`,
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
  const [before] = await db
    .select()
    .from(loanProducts)
    .where(eq(loanProducts.id, id))
    .for('update');
  if (!before) throw new AppError('notFound', { field: 'id', detail: String(id) });
  const [after] = await db
    .update(loanProducts)
    .set({ status, updatedAt: at, updatedBy: actorId })
    .where(eq(loanProducts.id, id))
    .returning();
  return { before, after: after! };
}

/** Loan products (the contract's `loanConfig.list` body), by id unless sorted otherwise. */
export function listProducts(db: Executor, body: z.output<typeof listLoanConfigBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select().from(loanProducts),
      where: {
        kind: (kind) => eq(loanProducts.kind, kind),
        status: (status) => eq(loanProducts.status, status),
      },
      sortColumns: {
        id: loanProducts.id,
        name: loanProducts.name,
        tenorDays: loanProducts.tenorDays,
        minPrincipalPaise: loanProducts.minPrincipalPaise,
        maxPrincipalPaise: loanProducts.maxPrincipalPaise,
        updatedAt: loanProducts.updatedAt,
      },
      defaultSort: { field: 'id', order: 'asc' },
      id: loanProducts.id,
    },
    body,
  );
}

export async function findProduct(db: Executor, id: number): Promise<LoanProductRow | undefined> {
  const [row] = await db.select().from(loanProducts).where(eq(loanProducts.id, id));
  return row;
}
