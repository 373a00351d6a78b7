import { eq } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { customers, type CustomerRow } from './customers.table.js';

/** Undefined on a unique conflict: the identity is already a customer. */
export async function insertCustomerUnlessKnown(
  db: Executor,
  values: typeof customers.$inferInsert,
): Promise<CustomerRow | undefined> {
  const [row] = await db.insert(customers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCustomer(
  db: Executor,
  customerId: number,
  patch: Partial<Omit<typeof customers.$inferInsert, 'id'>>,
) {
  await db.update(customers).set(patch).where(eq(customers.id, customerId));
}

export async function findCustomer(
  db: Executor,
  customerId: number,
): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  return row;
}

export async function customerExists(db: Executor, customerId: number): Promise<boolean> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer !== undefined;
}
