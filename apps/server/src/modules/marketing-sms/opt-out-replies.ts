import type { Executor } from '../../plugins/db.js';
import { addReplyOptOut, removeReplyOptOut } from './audience.repository.js';

/**
 * Replies that end promotional messages (TRAI's commercial communication rules: the customer
 * may opt out by reply) and the one that takes a reply opt-out back. Matched on the whole
 * message, any case, so "please stop calling" is not read as an opt-out.
 */
const STOP_WORDS = new Set(['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'OPT OUT', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

export type ReplyEffect = 'optedOut' | 'optedIn' | 'none';

/**
 * A borrower's SMS reply: STOP puts the number on the opt-outs (once: a repeat keeps the first
 * date), START removes an opt-out that came by reply. A DND-registry or staff opt-out stays:
 * a reply did not make it and cannot undo it.
 */
export async function applyOptOutReply(
  tx: Executor,
  reply: { phone: string; text: string },
  at: Date,
): Promise<ReplyEffect> {
  const word = reply.text.trim().replace(/\s+/g, ' ').toUpperCase();
  if (STOP_WORDS.has(word)) {
    await addReplyOptOut(tx, reply.phone, at);
    return 'optedOut';
  }
  if (START_WORDS.has(word)) {
    await removeReplyOptOut(tx, reply.phone);
    return 'optedIn';
  }
  return 'none';
}
