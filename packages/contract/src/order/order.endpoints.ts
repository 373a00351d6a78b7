import { defineEndpoint } from '../endpoint.js';
import { orderListBodySchema, orderListRetSchema } from './order.schema.js';

export const listOrders = defineEndpoint({
  id: 'order.list',
  method: 'POST',
  summary: 'Every loan order, filtered, sorted and paged (personal data masked)',
  access: 'granted',
  mutates: false,
  body: orderListBodySchema,
  query: undefined,
  ret: orderListRetSchema,
});

/** The order screens' endpoints (the order commands and detail are the loan book's). */
export const orderEndpoints = [listOrders] as const;
