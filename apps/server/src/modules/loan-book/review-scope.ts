import type { Caller, CallerGrants } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/access.js';
import type { ReviewScope } from './review-queue.js';

/** The interface that makes a reviewer a lead: distributing work means seeing every queue. */
export const LEAD_INTERFACE = 'approve.assign';

export function isReviewLead(grants: CallerGrants | null): boolean {
  return !!grants && (grants.isAdmin || grants.interfaces.has(LEAD_INTERFACE));
}

/** A reviewer reaches only the work assigned to them; a lead reaches all of it. */
export function reviewScopeOf(context: {
  caller: Caller | null;
  grants: CallerGrants | null;
}): ReviewScope {
  return { callerId: callerOf(context).userId, seesAll: isReviewLead(context.grants) };
}
