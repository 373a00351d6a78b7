/**
 * The repayment desk's tables other modules may name (the order detail lists waiver and
 * write-off requests).
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export {
  waiverRequests,
  type WaiverRequestKind,
  type WaiverRequestStatus,
} from './waiver-requests.table.js';
