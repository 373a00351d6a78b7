import type {
  CheckingStatus,
  VerificationRow,
  verificationListBodySchema,
  verificationRecordBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import type { CallerGrants } from '../../plugins/auth.js';
import { AppError } from '../../shared/app-error.js';
import { hoursText, isWithinHours } from '../../shared/contact-hours.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { toIsoOrNull } from '../../shared/timestamps.js';
import { telemarketingCallHours } from '../ops-config/index.js';
import { LEAD_INTERFACE, type TelemarketingDeps } from './telemarketing.service.js';
import * as repository from './verification.repository.js';

/** Distributing review work makes a review lead, who sees every queue (as approval's scope). */
const REVIEW_LEAD_INTERFACE = 'approve.assign';
/** The grants that make someone a reviewer: the review decisions. */
const REVIEW_INTERFACES = ['order.first_review', 'order.final_review'];

/**
 * Who works the verification queue (decision 0078). The administrator, a telemarketing lead
 * and a review lead see every order in review. A reviewer who is not a lead sees and checks
 * only the orders of their own review tasks, as in their review queue. Anyone else with the
 * grant (the telemarketers of the verification desk) works the whole queue: verification
 * calls are not assigned, any order in review may need one.
 */
export interface VerificationViewer {
  userId: number;
  /** The reviewer whose open review tasks bound the queue, or null for the whole queue. */
  onlyReviewer: number | null;
}

export function verificationViewerOf(
  userId: number,
  grants: CallerGrants | null,
): VerificationViewer {
  if (!grants || grants.isAdmin) return { userId, onlyReviewer: null };
  const holds = (id: string) => grants.interfaces.has(id);
  const lead = holds(LEAD_INTERFACE) || holds(REVIEW_LEAD_INTERFACE);
  const reviewer = REVIEW_INTERFACES.some(holds);
  return { userId, onlyReviewer: reviewer && !lead ? userId : null };
}

export async function listVerifications(
  deps: TelemarketingDeps,
  viewer: VerificationViewer,
  body: z.output<typeof verificationListBodySchema>,
): Promise<{ list: VerificationRow[]; total: number }> {
  const { list, total } = await repository.listVerifications(deps.db, body, viewer.onlyReviewer);
  return {
    total,
    list: list.map((row) => ({
      orderId: row.order.id,
      orderNo: row.order.orderNo,
      customerName: maskName(row.customerName),
      phone: maskPhone(row.phone),
      principalPaise: paiseToApi(row.order.principalPaise),
      // The list's scope holds only orders in review.
      stage: repository.reviewStageOf(row.order.status) ?? 'first',
      checkingStatus: row.latest?.result ?? 'not_checked',
      items: row.latest?.items ?? [],
      checkedByName: row.checkedByName,
      checkedAt: toIsoOrNull(row.latest?.at ?? null),
      notes: row.latest?.notes ?? null,
      checks: row.calls,
    })),
  };
}

/**
 * Records a verification call on an order waiting for manual review: refused (404) for an
 * unknown order, 409 4170 once the order has left review (decided, sent on, cancelled), 403
 * 4172 for a reviewer on an order not in their work, and 409 4171 outside the calling hours
 * in force, the guard telemarketing calls obey (operations setting telemarketing_call_hours,
 * read at each call, within the lawful 08:00–19:00 India time; decision 0049). Nothing is kept
 * of a refused call. The marketing opt-out list is not read: a verification call is a service
 * call about the borrower's own application, not marketing (decision 0078).
 */
export async function recordVerification(
  deps: TelemarketingDeps,
  viewer: VerificationViewer,
  body: z.output<typeof verificationRecordBodySchema>,
): Promise<{ checkId: number; checkingStatus: CheckingStatus }> {
  const order = await repository.lockOrderForCheck(deps.db, body.orderId);
  if (!order) throw new AppError('notFound', { field: 'orderId', detail: String(body.orderId) });
  const stage = repository.reviewStageOf(order.status);
  if (!stage)
    throw new AppError('verificationNotInReview', { field: order.orderNo, detail: order.status });
  if (
    viewer.onlyReviewer !== null &&
    !(await repository.holdsReviewTask(deps.db, order.id, viewer.onlyReviewer))
  )
    throw new AppError('verificationOutOfScope', { field: order.orderNo });
  const now = deps.clock.now();
  const hours = await telemarketingCallHours(deps.db);
  if (!isWithinHours(now, hours))
    throw new AppError('verificationOutsideHours', { field: 'orderId', detail: hoursText(hours) });
  const checkId = await repository.insertCheck(deps.db, {
    orderId: order.id,
    stage,
    items: [...new Set(body.items)],
    result: body.result,
    notes: body.notes || null,
    checkedBy: viewer.userId,
    indiaDate: indiaDateOf(now),
    at: now,
  });
  return { checkId, checkingStatus: body.result };
}
