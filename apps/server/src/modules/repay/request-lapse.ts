import type { OrderStatus } from '@lending/lending';
import type { Executor } from '../../plugins/db.js';
import { recordAudit } from '../audit/index.js';
import type { LoanOrderRow, OrderChangeSubscriber } from '../loan-book/index.js';
import { lapsePendingRequests } from './waiver-requests.repository.js';
import type { WaiverRequestKind } from './waiver-requests.table.js';

const OPEN: readonly OrderStatus[] = ['ACTIVE', 'DUE', 'OVERDUE'];

/**
 * Whether a waiting request of this kind still stands on an order now in `status`, just moved by
 * `event` (decision 0054). A write-off is asked for an overdue order (decision 0050); a waiver
 * for an open one, priced against the loan's current term (decision 0045), which a rollover
 * ends.
 */
export function requestStillStands(
  kind: WaiverRequestKind,
  status: OrderStatus,
  event: string | null | undefined,
): boolean {
  if (kind === 'writeOff') return status === 'OVERDUE';
  return OPEN.includes(status) && event !== 'rollover';
}

/**
 * Lapses the order's waiting waiver or write-off when the change just made to the order (in the
 * caller's transaction) leaves it no longer qualifying: nobody decides it, the event that ended
 * it and why are kept on the request, and the order's audit trail says so, as the actor whose
 * change it was.
 */
export async function lapseStaleRequests(
  tx: Executor,
  order: LoanOrderRow,
  event: string | null | undefined,
  at: Date,
): Promise<void> {
  const kinds = (['waiver', 'writeOff'] as const).filter(
    (kind) => !requestStillStands(kind, order.status, event),
  );
  if (kinds.length === 0) return;
  const lapseEvent = event ?? order.lastEvent ?? 'unknown';
  const lapsed = await lapsePendingRequests(tx, order.id, kinds, {
    decidedAt: at,
    lapseEvent,
    decisionReason: `Lapsed: ${order.orderNo} became ${order.status} (${lapseEvent})`,
  });
  for (const request of lapsed) {
    const what = request.kind === 'writeOff' ? 'write-off' : 'waiver';
    await recordAudit(tx, {
      action: 'order.approvalRequestLapsed',
      targetType: 'order',
      targetId: order.id,
      before: { requestId: request.id, kind: request.kind, status: 'pending' },
      after: {
        requestId: request.id,
        kind: request.kind,
        status: 'lapsed',
        event: lapseEvent,
        orderStatus: order.status,
      },
      at,
      summary: `The ${what} awaiting approval (#${request.id}) lapsed: ${order.orderNo} became ${order.status} (${lapseEvent})`,
    });
  }
}

/**
 * The loan book's order-change subscriber (wired in app.ts): a change of status or a rollover
 * (a new term) may leave a waiting request standing on nothing; other changes cannot.
 */
export const lapseRequestsOnOrderChange: OrderChangeSubscriber = async (tx, change) => {
  const { before, after, event } = change;
  if (after.status !== before.status || event === 'rollover')
    await lapseStaleRequests(tx, after, event, after.updatedAt);
};
