import type { UnmaskField, unmaskCustomerBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Database } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { findCustomer } from '../loan-book/index.js';
import type { customers } from '../loan-book/tables.js';

export interface CustomerDeps {
  db: Database;
}

/** The field in full. Aadhaar is never stored whole, so it cannot be revealed at all. */
function valueOf(customer: typeof customers.$inferSelect, field: UnmaskField): string | null {
  switch (field) {
    case 'name':
      return customer.name;
    case 'phone':
      return customer.phone;
    case 'pan':
      return customer.idType === 'pan' ? customer.idNumber : null;
    case 'bankAccount':
      return customer.bankAccountNumber === '' ? null : customer.bankAccountNumber;
  }
}

/**
 * `customer.unmask`: one field of one customer in full, and an audit row naming who saw which
 * field of whom (the value itself is never written to the log).
 */
export async function unmaskCustomer(
  deps: CustomerDeps,
  audit: AuditRecorder,
  body: z.output<typeof unmaskCustomerBodySchema>,
): Promise<{ value: string | null }> {
  const customer = await findCustomer(deps.db, body.customerId);
  if (!customer) throw new AppError('notFound');
  await audit.record({
    targetType: 'customer',
    targetId: customer.id,
    summary: `Showed the ${body.field} of customer ${customer.id} in full`,
    after: { field: body.field },
  });
  return { value: valueOf(customer, body.field) };
}
