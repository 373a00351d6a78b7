import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { gatewayEvents } from './gateway-events.table.js';

/**
 * Claims a provider's event id inside the caller's transaction: true the first time; false for
 * a redelivery, whose effect was (or, for a concurrent one, is being) applied by the first —
 * a concurrent insert waits on the primary key until that transaction ends.
 */
export async function claimGatewayEvent(
  tx: Executor,
  event: { provider: string; eventId: string; eventType: string; payload: unknown; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(gatewayEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      eventType: event.eventType,
      payload: event.payload,
      receivedAt: event.at,
    })
    .onConflictDoNothing()
    .returning({ eventId: gatewayEvents.eventId });
  return inserted.length > 0;
}

export async function findGatewayEvent(db: Executor, provider: string, eventId: string) {
  const [row] = await db
    .select()
    .from(gatewayEvents)
    .where(and(eq(gatewayEvents.provider, provider), eq(gatewayEvents.eventId, eventId)));
  return row;
}
