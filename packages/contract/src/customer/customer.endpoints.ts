import { defineEndpoint } from '../endpoint.js';
import { unmaskCustomerBodySchema, unmaskCustomerRetSchema } from './customer.schema.js';

/**
 * Reveals ONE personal data field of ONE customer in full. A read, but audited: every reveal
 * leaves a row in the operation log naming who saw which field of whom. Granted to the
 * administrator only by default (decision 0034).
 */
export const unmaskCustomer = defineEndpoint({
  id: 'customer.unmask',
  method: 'POST',
  summary: "Show one field of a customer's personal data in full (audited)",
  access: 'granted',
  mutates: false,
  audited: true,
  errors: ['notFound'],
  body: unmaskCustomerBodySchema,
  query: undefined,
  ret: unmaskCustomerRetSchema,
});

export const customerEndpoints = [unmaskCustomer] as const;
