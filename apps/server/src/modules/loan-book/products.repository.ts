import { and, eq, sql } from 'drizzle-orm';
import type { listLoanConfigBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { runList } from '../../shared/list-query.js';
import { loanProducts, type LoanProductKind, type LoanProductRow } from './loan-products.table.js';

export type NewProduct = typeof loanProducts.$inferInsert;
export type ProductPatch = Partial<Omit<NewProduct, 'id' | 'version'>>;

/** A product is named by its id within its kind (first loan or re-loan). */
export interface ProductKey {
  id: number;
  kind: LoanProductKind;
}

function productWhere(key: ProductKey) {
  return and(eq(loanProducts.id, key.id), eq(loanProducts.kind, key.kind));
}

export async function insertProduct(db: Executor, values: NewProduct): Promise<LoanProductRow> {
  const [row] = await db.insert(loanProducts).values(values).returning();
  return row!;
}

/**
 * The next version of a product, in one UPDATE that also checks the expected version (when
 * given): undefined when the product is missing or has moved on.
 */
export async function updateProductVersion(
  db: Executor,
  key: ProductKey,
  expectedVersion: number | undefined,
  patch: ProductPatch,
): Promise<LoanProductRow | undefined> {
  const [row] = await db
    .update(loanProducts)
    .set({
      ...patch,
      version: sql`${loanProducts.version} + 1`,
    })
    .where(
      and(
        productWhere(key),
        expectedVersion !== undefined ? eq(loanProducts.version, expectedVersion) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function versionOfProduct(db: Executor, key: ProductKey): Promise<number | undefined> {
  const [current] = await db
    .select({ version: loanProducts.version })
    .from(loanProducts)
    .where(productWhere(key));
  return current?.version;
}

export async function lockProduct(db: Executor, id: number): Promise<LoanProductRow | undefined> {
  const [row] = await db.select().from(loanProducts).where(eq(loanProducts.id, id)).for('update');
  return row;
}

export async function updateProduct(
  db: Executor,
  id: number,
  patch: ProductPatch,
): Promise<LoanProductRow | undefined> {
  const [row] = await db.update(loanProducts).set(patch).where(eq(loanProducts.id, id)).returning();
  return row;
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

export async function productName(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: loanProducts.name })
    .from(loanProducts)
    .where(eq(loanProducts.id, id));
  return row?.name;
}
