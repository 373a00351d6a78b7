/**
 * The approval tables other modules may name in their reads: the verification queue of
 * telemarketing is bounded by a reviewer's open review tasks (decision 0078). Tasks and
 * referrals are written by this module only (index.ts: the screens, and `reviewWork`, which
 * the loan book's review commands call).
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export {
  machineReferrals,
  rejectionCodes,
  reviewers,
  reviewGroups,
  reviewTasks,
  type ReviewDecision,
  type ReviewStage,
  type ReviewTaskRow,
} from './approval.table.js';
