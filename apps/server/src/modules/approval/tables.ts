/**
 * The approval tables other modules may name in their reads (the loan book's machine-review
 * referrals). Decisions go through the approval commands (index.ts).
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
