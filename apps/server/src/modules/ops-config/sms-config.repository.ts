import { and, eq, ilike, notInArray, or } from 'drizzle-orm';
import type { listSmsMessagesBodySchema, listSmsTemplatesBodySchema } from '@lending/contract';
import type { z } from 'zod';
import { smsMessages, smsTemplates, type SmsTemplateRow } from '../../integrations/index.js';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, indiaDayRange, runList } from '../../shared/list-query.js';
import { smsGatewaySettings } from './ops-config.table.js';

/* ------------------------------------ SMS templates ------------------------------------- */

export function listSmsTemplates(db: Executor, body: z.output<typeof listSmsTemplatesBodySchema>) {
  return runList(
    db,
    {
      select: () => db.select().from(smsTemplates),
      where: {
        category: (category) => eq(smsTemplates.category, category),
        enabled: (enabled) => eq(smsTemplates.enabled, enabled),
        text: (text) =>
          or(
            ilike(smsTemplates.text, containsPattern(text)),
            ilike(smsTemplates.name, containsPattern(text)),
            ilike(smsTemplates.code, containsPattern(text)),
          )!,
      },
      sortColumns: { code: smsTemplates.code, updatedAt: smsTemplates.updatedAt },
      defaultSort: { field: 'code', order: 'asc' },
      id: smsTemplates.code,
    },
    body,
  );
}

export async function findSmsTemplate(
  db: Executor,
  code: string,
): Promise<SmsTemplateRow | undefined> {
  const [row] = await db.select().from(smsTemplates).where(eq(smsTemplates.code, code));
  return row;
}

type TemplateValues = Partial<Omit<typeof smsTemplates.$inferInsert, 'code'>>;

export async function updateSmsTemplate(db: Executor, code: string, values: TemplateValues) {
  const [row] = await db
    .update(smsTemplates)
    .set(values)
    .where(eq(smsTemplates.code, code))
    .returning();
  return row!;
}

export async function insertSmsTemplate(db: Executor, values: typeof smsTemplates.$inferInsert) {
  const [row] = await db.insert(smsTemplates).values(values).returning();
  return row!;
}

/** Enabled templates sending with a sender id outside the list, by sender id and code. */
export async function enabledTemplatesSendingOutside(db: Executor, senderIds: string[]) {
  return db
    .select({ code: smsTemplates.code, senderId: smsTemplates.senderId })
    .from(smsTemplates)
    .where(and(eq(smsTemplates.enabled, true), notInArray(smsTemplates.senderId, senderIds)))
    .orderBy(smsTemplates.senderId, smsTemplates.code);
}

/* ------------------------------------- SMS gateway -------------------------------------- */

export async function findSmsGatewaySettings(db: Executor, key: string) {
  const [row] = await db.select().from(smsGatewaySettings).where(eq(smsGatewaySettings.key, key));
  return row;
}

type GatewayValues = Omit<typeof smsGatewaySettings.$inferInsert, 'key' | 'apiKey'> & {
  apiKey?: string;
};

/** Saves the settings; a key left out keeps the saved one (none on a first save). */
export async function upsertSmsGatewaySettings(db: Executor, key: string, values: GatewayValues) {
  await db
    .insert(smsGatewaySettings)
    .values({ key, apiKey: null, ...values })
    .onConflictDoUpdate({ target: smsGatewaySettings.key, set: values });
}

/** Writes the settings only when none are saved yet (never over staff's changes). */
export async function insertSmsGatewaySettingsIfAbsent(
  db: Executor,
  values: typeof smsGatewaySettings.$inferInsert,
): Promise<void> {
  await db.insert(smsGatewaySettings).values(values).onConflictDoNothing();
}

/* ------------------------------------- SMS messages ------------------------------------- */

export function listSmsMessages(db: Executor, body: z.output<typeof listSmsMessagesBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ message: smsMessages, templateName: smsTemplates.name })
          .from(smsMessages)
          .leftJoin(smsTemplates, eq(smsTemplates.code, smsMessages.templateId)),
      where: {
        // Exact, on the stored normalised number (never LIKE over personal data).
        phone: (phone) => eq(smsMessages.phone, phone),
        templateCode: (code) => eq(smsMessages.templateId, code),
        status: (status) => eq(smsMessages.status, status),
        ...indiaDayRange(smsMessages.createdAt, 'dateFrom', 'dateTo'),
      },
      sortColumns: { sentAt: smsMessages.createdAt, id: smsMessages.id },
      defaultSort: { field: 'id', order: 'desc' },
      id: smsMessages.id,
    },
    body,
  );
}
