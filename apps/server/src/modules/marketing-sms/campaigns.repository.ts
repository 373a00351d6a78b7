import type { listCampaignsBodySchema } from '@lending/contract';
import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { smsMessages } from '../../integrations/index.js';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, runList } from '../../shared/list-query.js';
import { staffUsers } from '../user/tables.js';
import {
  marketingAudienceListPhones,
  marketingAudienceLists,
  marketingSmsCampaigns,
  marketingSmsRecipients,
  type CampaignRow,
} from './marketing-sms.table.js';

/** The campaigns, their recipient rows as a campaign is made, and the uploaded lists. */

type NewCampaign = typeof marketingSmsCampaigns.$inferInsert;
type NewRecipient = Omit<typeof marketingSmsRecipients.$inferInsert, 'id'>;

/** Rows per insert statement (an audience may be the whole book). */
const INSERT_SLICE = 1_000;

/** Undefined when the idempotency key is already a campaign's. */
export async function insertCampaignUnlessKeyUsed(
  tx: Executor,
  values: NewCampaign,
): Promise<CampaignRow | undefined> {
  const [created] = await tx
    .insert(marketingSmsCampaigns)
    .values(values)
    .onConflictDoNothing({ target: marketingSmsCampaigns.idempotencyKey })
    .returning();
  return created;
}

export async function insertRecipients(tx: Executor, rows: readonly NewRecipient[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_SLICE) {
    await tx.insert(marketingSmsRecipients).values(rows.slice(start, start + INSERT_SLICE));
  }
}

export async function campaignByKey(db: Executor, key: string): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(marketingSmsCampaigns)
    .where(eq(marketingSmsCampaigns.idempotencyKey, key));
  return row;
}

export async function findCampaign(db: Executor, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(marketingSmsCampaigns)
    .where(eq(marketingSmsCampaigns.id, id));
  return row;
}

/** Cancels the campaign if it is scheduled or sending; undefined otherwise. */
export async function cancelOpenCampaign(
  tx: Executor,
  id: number,
  at: Date,
): Promise<CampaignRow | undefined> {
  const [cancelled] = await tx
    .update(marketingSmsCampaigns)
    .set({ status: 'cancelled', cancelledAt: at })
    .where(
      and(
        eq(marketingSmsCampaigns.id, id),
        inArray(marketingSmsCampaigns.status, ['scheduled', 'sending']),
      ),
    )
    .returning();
  return cancelled;
}

export function campaignPage(db: Executor, body: z.output<typeof listCampaignsBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select().from(marketingSmsCampaigns),
      where: {
        name: (name) => ilike(marketingSmsCampaigns.name, containsPattern(name)),
        status: (status) => eq(marketingSmsCampaigns.status, status),
      },
      sortColumns: {
        createdAt: marketingSmsCampaigns.createdAt,
        sendAt: marketingSmsCampaigns.sendAt,
      },
      defaultSort: { field: 'createdAt', order: 'desc' },
      id: marketingSmsCampaigns.id,
    },
    body,
  );
}

/**
 * Each campaign's figures, counted from its recipient rows and the gateway's receipts on
 * sms_messages (joined by the message the row was sent as).
 */
export async function campaignFigures(db: Executor, campaignIds: readonly number[]) {
  if (campaignIds.length === 0) return [];
  const r = marketingSmsRecipients;
  return db
    .select({
      campaignId: r.campaignId,
      total: sql<number>`count(*)::int`,
      sent: sql<number>`(count(*) filter (where ${r.status} = 'sent'))::int`,
      delivered: sql<number>`(count(*) filter (where ${smsMessages.status} = 'delivered'))::int`,
      failed: sql<number>`(count(*) filter (where ${smsMessages.status} = 'failed' or ${r.status} = 'failed'))::int`,
      optedOut: sql<number>`(count(*) filter (where ${r.skipReason} = 'optedOut'))::int`,
      blacklisted: sql<number>`(count(*) filter (where ${r.skipReason} = 'blacklisted'))::int`,
      pending: sql<number>`(count(*) filter (where ${r.status} in ('pending', 'sending')))::int`,
    })
    .from(r)
    .leftJoin(
      smsMessages,
      and(
        eq(smsMessages.provider, r.provider),
        eq(smsMessages.providerMessageId, r.providerMessageId),
      ),
    )
    .where(inArray(r.campaignId, [...campaignIds]))
    .groupBy(r.campaignId);
}

export async function insertAudienceList(
  tx: Executor,
  values: { fileName: string; uploadedBy: number; uploadedAt: Date },
): Promise<number> {
  const [list] = await tx.insert(marketingAudienceLists).values(values).returning();
  return list!.id;
}

export async function insertAudienceListPhones(
  tx: Executor,
  listId: number,
  phones: readonly string[],
): Promise<void> {
  for (let start = 0; start < phones.length; start += INSERT_SLICE) {
    await tx
      .insert(marketingAudienceListPhones)
      .values(phones.slice(start, start + INSERT_SLICE).map((phone) => ({ listId, phone })));
  }
}

/** The fifty newest uploaded lists, with their size and who uploaded each. */
export function recentAudienceLists(db: Executor) {
  return db
    .select({
      id: marketingAudienceLists.id,
      fileName: marketingAudienceLists.fileName,
      uploadedAt: marketingAudienceLists.uploadedAt,
      uploadedBy: staffUsers.name,
      phones: sql<number>`(select count(*)::int from ${marketingAudienceListPhones} p where p.list_id = ${marketingAudienceLists.id})`,
    })
    .from(marketingAudienceLists)
    .leftJoin(staffUsers, eq(staffUsers.id, marketingAudienceLists.uploadedBy))
    .orderBy(desc(marketingAudienceLists.uploadedAt), desc(marketingAudienceLists.id))
    .limit(50);
}
