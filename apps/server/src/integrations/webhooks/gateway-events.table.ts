import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every gateway webhook event applied, keyed by provider + the provider's event id. The row is
 * inserted in the same transaction as the event's effect, so a redelivered event (gateways
 * deliver more than once) finds the key taken and changes nothing (docs/security.md). Shared by
 * every gateway: SMS receipts, collection credits, payout events.
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'gateway_events_pkey', columns: [table.provider, table.eventId] }),
  ],
);

export type GatewayEventRow = typeof gatewayEvents.$inferSelect;
