import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { waiverRequests } from './waiver-requests.table.js';

/** Every waiver and write-off request of an order, oldest first (the order detail's list). */
export function requestsOfOrder(db: Executor, orderId: number) {
  return db
    .select()
    .from(waiverRequests)
    .where(eq(waiverRequests.orderId, orderId))
    .orderBy(asc(waiverRequests.id));
}
