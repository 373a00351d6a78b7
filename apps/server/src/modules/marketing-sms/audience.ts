import type { CampaignAudience } from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { blacklistedPhonesAmong } from '../risk/index.js';
import {
  audienceListExists,
  audienceListPhones,
  clearedNotReborrowedAmong,
  clearedNotReborrowedPhones,
  optedOutAmong,
  registeredNotAppliedAmong,
  registeredNotAppliedPhones,
} from './audience.repository.js';
import type { SkipReason } from './marketing-sms.table.js';

const DAY_MS = 86_400_000;
/** Lookups in slices, so a large audience never exceeds a statement's parameter limit. */
const SLICE = 1_000;

function sinceDate(now: Date, withinDays: number | undefined): string | null {
  return withinDays === undefined
    ? null
    : indiaDateOf(new Date(now.getTime() - withinDays * DAY_MS));
}

/**
 * The phone numbers an audience names today, each once. The book's lists are the same sets
 * as /order/clearNotLoan (last loan cleared, none since) and /order/regNotLoan (never applied).
 */
export async function audiencePhones(
  db: Executor,
  audience: CampaignAudience,
  now: Date,
): Promise<string[]> {
  let phones: string[];
  if (audience.source === 'clearNotLoan') {
    phones = await clearedNotReborrowedPhones(db, sinceDate(now, audience.withinDays));
  } else if (audience.source === 'regNotLoan') {
    phones = await registeredNotAppliedPhones(db, sinceDate(now, audience.withinDays));
  } else if (audience.source === 'selected') {
    return selectedPhones(db, audience);
  } else {
    if (!(await audienceListExists(db, audience.listId))) {
      throw AppError.invalid('audience.listId', 'no uploaded list with this id');
    }
    phones = await audienceListPhones(db, audience.listId);
  }
  return [...new Set(phones)].sort();
}

/**
 * The numbers of rows selected on a list screen (decision 0067), each row checked to be on that
 * list now, read as the list reads it: a customer whose last order cleared (clearNotLoan), an
 * app account with no order (regNotLoan). A row that is unknown or has left the list (it applied
 * since the page was read) is refused naming its place in `ids`; nothing is sent to the others.
 */
async function selectedPhones(
  db: Executor,
  audience: Extract<CampaignAudience, { source: 'selected' }>,
): Promise<string[]> {
  const phoneOf =
    audience.list === 'clearNotLoan'
      ? await clearedNotReborrowedAmong(db, audience.ids)
      : await registeredNotAppliedAmong(db, audience.ids);
  const refused = audience.ids.flatMap((id, index) =>
    phoneOf.has(id) ? [] : [{ field: `audience.ids.${index}`, id }],
  );
  if (refused.length > 0) {
    throw new AppError('selectedNotOnList', {
      field: refused[0]!.field,
      detail: String(refused[0]!.id),
      errors: refused.map(({ field, id }) => ({
        field,
        message: `${id} is not on the ${audience.list} list`,
      })),
    });
  }
  // Each number once, as every audience.
  return [...new Set(phoneOf.values())].sort();
}

/**
 * Why each of these numbers must not get a promotional message: it opted out (STOP, DND),
 * or it is on the blacklist. An opt-out wins when both hold. Numbers not in the map may be sent.
 */
export async function exclusionsOf(
  db: Executor,
  phones: readonly string[],
): Promise<Map<string, SkipReason>> {
  const reasons = new Map<string, SkipReason>();
  for (let start = 0; start < phones.length; start += SLICE) {
    const slice = phones.slice(start, start + SLICE);
    for (const phone of await blacklistedPhonesAmong(db, slice)) reasons.set(phone, 'blacklisted');
    for (const phone of await optedOutAmong(db, slice)) reasons.set(phone, 'optedOut');
  }
  return reasons;
}

/** How an audience splits: who would receive it and who is skipped, and why. */
export async function previewAudience(db: Executor, audience: CampaignAudience, now: Date) {
  const phones = await audiencePhones(db, audience, now);
  const reasons = await exclusionsOf(db, phones);
  const skipped = [...reasons.values()];
  const optedOut = skipped.filter((reason) => reason === 'optedOut').length;
  const blacklisted = skipped.length - optedOut;
  return {
    phones,
    reasons,
    preview: {
      total: phones.length,
      optedOut,
      blacklisted,
      eligible: phones.length - skipped.length,
    },
  };
}
