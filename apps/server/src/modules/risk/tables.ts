/**
 * The risk tables other modules may name in their reads: the marketing and coupon audiences
 * leave out blacklisted phones. Entries are added and removed through the risk module's
 * commands (index.ts), and by the rejection codes that blacklist (approval, through it).
 * A surface of its own beside index.ts so that a table file can import it without loading the
 * module's services (decision 0059).
 */
export { riskBlacklist, type BlacklistKind } from './risk.table.js';
