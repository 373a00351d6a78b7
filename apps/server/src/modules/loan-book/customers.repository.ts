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

/** The customer's saved bank account, its row locked for the transaction. */
export async function lockCustomerBankAccount(
  tx: Executor,
  customerId: number,
): Promise<{ accountNumber: string; ifsc: string } | undefined> {
  const [row] = await tx
    .select({ accountNumber: customers.bankAccountNumber, ifsc: customers.ifsc })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return row;
}

export async function customerExists(db: Executor, customerId: number): Promise<boolean> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer !== undefined;
}

/** The customer of a phone number, if any (the first found). */
export async function customerIdOfPhone(db: Executor, phone: string): Promise<number | undefined> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.phone, phone));
  return customer?.id;
}
