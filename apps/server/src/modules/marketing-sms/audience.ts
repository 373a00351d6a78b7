import type { CampaignAudience } from '@lending/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { queryRows } from '../../shared/sql-rows.js';
import { borrowerAccounts } from '../borrower-app/tables.js';
import { customers, loanOrders } from '../loan-book/tables.js';
import { riskBlacklist } from '../risk/tables.js';
import {
  marketingAudienceListPhones,
  marketingAudienceLists,
  marketingOptOuts,
  type SkipReason,
} from './marketing-sms.table.js';

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
  let rows: Record<string, unknown>[];
  if (audience.source === 'clearNotLoan') {
    const since = sinceDate(now, audience.withinDays);
    rows = await queryRows(
      db,
      sql`select distinct c.phone from ${customers} c
          join ${loanOrders} o on o.id = (select max(l.id) from ${loanOrders} l where l.customer_id = c.id)
          where o.status = 'CLEARED' and o.cleared_date is not null
          ${since ? sql`and o.cleared_date >= ${since}` : sql``}`,
    );
  } else if (audience.source === 'regNotLoan') {
    const since = sinceDate(now, audience.withinDays);
    rows = await queryRows(
      db,
      sql`select distinct a.phone from ${borrowerAccounts} a
          where not exists (select 1 from ${loanOrders} o where o.customer_id = a.customer_id)
          ${since ? sql`and a.registration_date >= ${since}` : sql``}`,
    );
  } else if (audience.source === 'selected') {
    return selectedPhones(db, audience);
  } else {
    const [list] = await db
      .select({ id: marketingAudienceLists.id })
      .from(marketingAudienceLists)
      .where(eq(marketingAudienceLists.id, audience.listId));
    if (!list) throw AppError.invalid('audience.listId', 'no uploaded list with this id');
    rows = await db
      .select({ phone: marketingAudienceListPhones.phone })
      .from(marketingAudienceListPhones)
      .where(eq(marketingAudienceListPhones.listId, audience.listId));
  }
  return [...new Set(rows.map((row) => String(row.phone)))].sort();
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
  const ids = sql.join(
    audience.ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows =
    audience.list === 'clearNotLoan'
      ? await queryRows(
          db,
          sql`select c.id, c.phone from ${customers} c
              join ${loanOrders} o on o.id = (select max(l.id) from ${loanOrders} l where l.customer_id = c.id)
              where c.id in (${ids}) and o.status = 'CLEARED' and o.cleared_date is not null`,
        )
      : await queryRows(
          db,
          sql`select a.id, a.phone from ${borrowerAccounts} a
              where a.id in (${ids})
              and not exists (select 1 from ${loanOrders} o where o.customer_id = a.customer_id)`,
        );
  const phoneOf = new Map(rows.map((row) => [Number(row.id), String(row.phone)]));
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
    const blacklisted = await db
      .select({ phone: riskBlacklist.value })
      .from(riskBlacklist)
      .where(
        and(
          eq(riskBlacklist.kind, 'phone'),
          inArray(riskBlacklist.value, slice),
          isNull(riskBlacklist.removedAt),
        ),
      );
    for (const row of blacklisted) reasons.set(row.phone, 'blacklisted');
    const optedOut = await db
      .select({ phone: marketingOptOuts.phone })
      .from(marketingOptOuts)
      .where(inArray(marketingOptOuts.phone, slice));
    for (const row of optedOut) reasons.set(row.phone, 'optedOut');
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
