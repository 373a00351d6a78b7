import { defineEndpoint } from '../endpoint.js';
import {
  clearNotLoanBodySchema,
  clearNotLoanRetSchema,
  collectionOrderBodySchema,
  collectionOrderRetSchema,
  regNotLoanBodySchema,
  regNotLoanRetSchema,
} from './remarketing.schema.js';

export const listClearNotLoan = defineEndpoint({
  id: 'order.clear_not_loan',
  method: 'POST',
  summary: 'Customers whose last loan cleared and who have not applied since (masked)',
  access: 'granted',
  mutates: false,
  body: clearNotLoanBodySchema,
  query: undefined,
  ret: clearNotLoanRetSchema,
});

export const listRegNotLoan = defineEndpoint({
  id: 'order.reg_not_loan',
  method: 'POST',
  summary: 'Borrowers registered in the app who never applied, with their KYC progress (masked)',
  access: 'granted',
  mutates: false,
  body: regNotLoanBodySchema,
  query: undefined,
  ret: regNotLoanRetSchema,
});

export const listCollectionOrders = defineEndpoint({
  id: 'order.collection_list',
  method: 'POST',
  summary: 'Orders in collection (overdue now), with overdue days and band (masked)',
  access: 'granted',
  mutates: false,
  body: collectionOrderBodySchema,
  query: undefined,
  ret: collectionOrderRetSchema,
});

/** The /order screens besides the order list. */
export const remarketingEndpoints = [
  listClearNotLoan,
  listRegNotLoan,
  listCollectionOrders,
] as const;
