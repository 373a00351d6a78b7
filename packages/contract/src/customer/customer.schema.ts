import { z } from 'zod';
import { idSchema } from '../common/fields.js';

/** The personal data fields a holder of `customer.unmask` may reveal, one at a time. */
export const unmaskFieldSchema = z.enum(['name', 'phone', 'pan', 'bankAccount']);
export type UnmaskField = z.infer<typeof unmaskFieldSchema>;

export const unmaskCustomerBodySchema = z.strictObject({
  customerId: idSchema,
  field: unmaskFieldSchema,
});
export type UnmaskCustomerBody = z.input<typeof unmaskCustomerBodySchema>;

/** The field in full; null when the customer has none (no PAN, no bank account yet). */
export const unmaskCustomerRetSchema = z.object({ value: z.string().nullable() });
