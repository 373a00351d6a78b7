import { and, count, eq, ilike, or } from 'drizzle-orm';
import type {
  listChannelsBodySchema,
  listSettingsBodySchema,
  listSmsMessagesBodySchema,
  listSmsTemplatesBodySchema,
  listVersionsBodySchema,
} from '@lending/contract';
import type { z } from 'zod';
import { smsMessages, smsTemplates } from '../../integrations/index.js';
import type { Executor } from '../../plugins/db.js';
import { containsPattern, indiaDayRange, runList } from '../../shared/list-query.js';
import { borrowerAccounts } from '../borrower-app/index.js';
import { staffUsers } from '../user/tables.js';
import { acquisitionChannels, appVersions, systemSettings } from './ops-config.table.js';

export function listSettings(db: Executor, body: z.output<typeof listSettingsBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ setting: systemSettings, updatedBy: staffUsers.name })
          .from(systemSettings)
          .leftJoin(staffUsers, eq(staffUsers.id, systemSettings.updatedBy)),
      where: {
        item: (item) => ilike(systemSettings.item, containsPattern(item)),
        group: (group) => eq(systemSettings.group, group),
      },
      sortColumns: { item: systemSettings.item, updatedAt: systemSettings.updatedAt },
      defaultSort: { field: 'item', order: 'asc' },
      id: systemSettings.item,
    },
    body,
  );
}

export function listVersions(db: Executor, body: z.output<typeof listVersionsBodySchema>) {
  return runList(
    db,
    {
      select: () =>
        db
          .select({ version: appVersions, releasedBy: staffUsers.name })
          .from(appVersions)
          .leftJoin(staffUsers, eq(staffUsers.id, appVersions.releasedBy)),
      where: { forceUpdate: (force) => eq(appVersions.forceUpdate, force) },
      sortColumns: { version: appVersions.sortKey, releasedAt: appVersions.releasedAt },
      defaultSort: { field: 'version', order: 'desc' },
      id: appVersions.version,
    },
    body,
  );
}

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

export function listChannels(db: Executor, body: z.output<typeof listChannelsBodySchema>) {
  const registrations = db
    .select({ channel: borrowerAccounts.channel, n: count().as('n') })
    .from(borrowerAccounts)
    .groupBy(borrowerAccounts.channel)
    .as('registrations');
  return runList(
    db,
    {
      select: () =>
        db
          .select({ channel: acquisitionChannels, registrations: registrations.n })
          .from(acquisitionChannels)
          .leftJoin(registrations, eq(registrations.channel, acquisitionChannels.code)),
      where: {
        code: (code) =>
          or(
            ilike(acquisitionChannels.code, containsPattern(code)),
            ilike(acquisitionChannels.name, containsPattern(code)),
          )!,
        status: (status) => eq(acquisitionChannels.status, status),
      },
      sortColumns: { code: acquisitionChannels.code, updatedAt: acquisitionChannels.updatedAt },
      defaultSort: { field: 'code', order: 'asc' },
      id: acquisitionChannels.code,
    },
    body,
  );
}

export async function channelRegistrations(db: Executor, code: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(borrowerAccounts)
    .where(and(eq(borrowerAccounts.channel, code)));
  return Number(row?.n ?? 0);
}
