import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { smsTemplates, type SmsTemplateRow } from './sms-templates.table.js';

/** The registered SMS templates (sms_templates): every query of the SMS integration on them. */

export async function anySmsTemplateExists(db: Executor): Promise<boolean> {
  const rows = await db.select({ code: smsTemplates.code }).from(smsTemplates).limit(1);
  return rows.length > 0;
}

export async function insertSmsTemplates(
  db: Executor,
  rows: (typeof smsTemplates.$inferInsert)[],
): Promise<void> {
  await db.insert(smsTemplates).values(rows);
}

export async function findSmsTemplate(
  db: Executor,
  code: string,
): Promise<SmsTemplateRow | undefined> {
  const [row] = await db.select().from(smsTemplates).where(eq(smsTemplates.code, code));
  return row;
}

/** The enabled templates of a category, by code. */
export function enabledSmsTemplatesOf(
  db: Executor,
  category: SmsTemplateRow['category'],
): Promise<SmsTemplateRow[]> {
  return db
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.category, category), eq(smsTemplates.enabled, true)))
    .orderBy(smsTemplates.code);
}

/** The templates of these codes (those registered), whatever their state. */
export async function smsTemplatesByCode(
  db: Executor,
  codes: readonly string[],
): Promise<SmsTemplateRow[]> {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(smsTemplates)
    .where(inArray(smsTemplates.code, [...codes]));
}
