import type {
  CallOutcome,
  LeadConversion,
  LeadFollowStatus,
  LeadSource,
  ReviewStage,
} from '@lending/contract';
import type { StatusTags } from '../../components/list-page';

/** Why a user is on the call list (the re-marketing list they come from). */
export const leadSourceTags: StatusTags<LeadSource> = {
  regNotLoan: { label: 'telemarketing.source.regNotLoan', color: 'blue' },
  clearNotLoan: { label: 'telemarketing.source.clearNotLoan', color: 'purple' },
  rejectReapply: { label: 'telemarketing.source.rejectReapply', color: 'orange' },
  imported: { label: 'telemarketing.source.imported', color: 'cyan' },
};

/** Follow: promise / connected / not connected, and new before the first call. */
export const followStatusTags: StatusTags<LeadFollowStatus> = {
  new: { label: 'telemarketing.follow.new' },
  promise: { label: 'telemarketing.follow.promise', color: 'gold' },
  connected: { label: 'telemarketing.follow.connected', color: 'green' },
  notConnected: { label: 'telemarketing.follow.notConnected', color: 'red' },
};

export const outcomeTags: StatusTags<CallOutcome> = {
  promise: followStatusTags.promise,
  connected: followStatusTags.connected,
  notConnected: followStatusTags.notConnected,
};

/** The check list's outcome filter: an outcome, or the attempts the server refused. */
export const callFilterTags: StatusTags<CallOutcome | 'refused'> = {
  ...outcomeTags,
  refused: { label: 'telemarketing.refusal.any', color: 'red' },
};

export const conversionTags: StatusTags<LeadConversion> = {
  none: { label: 'telemarketing.conversion.none' },
  applied: { label: 'telemarketing.conversion.applied', color: 'cyan' },
  disbursed: { label: 'telemarketing.conversion.disbursed', color: 'green' },
};

/** The manual review an order waits for on the verification queue (decision 0078). */
export const reviewStageTags: StatusTags<ReviewStage> = {
  first: { label: 'verification.stages.first', color: 'blue' },
  final: { label: 'verification.stages.final', color: 'purple' },
};
