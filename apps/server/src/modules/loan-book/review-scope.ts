import type { CallerGrants } from '../../plugins/auth.js';
import type { ReviewScope } from './review-ports.js';

/** The interface that makes a reviewer a lead: distributing work means seeing every queue. */
export const LEAD_INTERFACE = 'approve.assign';

export function isReviewLead(grants: CallerGrants | null): boolean {
  return !!grants && (grants.isAdmin || grants.interfaces.has(LEAD_INTERFACE));
}

/**
 * A reviewer reaches only the work assigned to them; a lead reaches all of it. The routes pass
 * the caller's id and grants (the access layer's), so no domain code reads a request.
 */
export function reviewScopeOf(callerId: number, grants: CallerGrants | null): ReviewScope {
  return { callerId, seesAll: isReviewLead(grants) };
}
