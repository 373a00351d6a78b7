import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { SMS_TEMPLATES } from './sms-gateway.js';
import {
  anySmsTemplateExists,
  findSmsTemplate,
  insertSmsTemplates,
} from './sms-templates.repository.js';
import type { SmsTemplateRow } from './sms-templates.table.js';

/**
 * The templates the server sends with, as first registered (DLT ids of the sandbox operator).
 * Seeded on a first start; staff edit them on /toolMage/SMSManagement.
 */
export const DEFAULT_SMS_TEMPLATES: readonly Omit<SmsTemplateRow, 'updatedAt'>[] = [
  {
    code: SMS_TEMPLATES.otpLogin,
    name: 'Sign-in code',
    dltTemplateId: '1107161234567890101',
    senderId: 'LENDIN',
    category: 'service',
    language: 'en',
    text: '{#code#} is your sign-in code. It expires in {#minutes#} minutes. Do not share it with anyone. - LENDIN',
    enabled: true,
  },
  {
    code: SMS_TEMPLATES.otpLoanAcceptance,
    name: 'Loan acceptance code',
    dltTemplateId: '1107161234567890102',
    senderId: 'LENDIN',
    category: 'service',
    language: 'en',
    text: '{#code#} is your code to accept the loan terms shown in the app. It expires in {#minutes#} minutes. - LENDIN',
    enabled: true,
  },
  {
    code: 'repayment_reminder_v1',
    name: 'Repayment reminder',
    dltTemplateId: '1107161234567890103',
    senderId: 'LENDIN',
    category: 'transactional',
    language: 'en',
    text: 'Your loan {#orderNo#} of Rs {#amount#} is due on {#dueDate#}. Pay in the app to avoid overdue charges. - LENDIN',
    enabled: true,
  },
  {
    code: 'reloan_offer_v1',
    name: 'Re-loan offer',
    dltTemplateId: '1107161234567890104',
    senderId: '562311',
    category: 'promotional',
    language: 'hi',
    text: 'Aapka naya loan offer taiyar hai: Rs {#amount#} tak. App kholein. - LENDIN',
    enabled: false,
  },
  {
    code: 'marketing_offer_v1',
    name: 'Festive offer',
    dltTemplateId: '1107161234567890105',
    senderId: '562311',
    category: 'promotional',
    language: 'en',
    text: 'Your next loan is ready: up to Rs {#amount#} in minutes. Open the app to apply. Reply STOP to opt out. - LENDIN',
    enabled: true,
  },
];

/** The variables a template's text names: `{#code#}` → `code`, in order, once each. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{#([a-zA-Z0-9_]+)#\}/g)].map((m) => m[1]!))];
}

/** Writes the default templates into an empty table (first start). */
export async function seedSmsTemplates(db: Executor, at: Date): Promise<void> {
  if (await anySmsTemplateExists(db)) return;
  await insertSmsTemplates(
    db,
    DEFAULT_SMS_TEMPLATES.map((t) => ({ ...t, updatedAt: at })),
  );
}

/**
 * The registered template a message is sent with. India sends only DLT-registered templates:
 * an unknown or disabled template is refused (409) and nothing reaches the gateway.
 */
export async function sendableTemplate(db: Executor, code: string): Promise<SmsTemplateRow> {
  const row = await findSmsTemplate(db, code);
  if (!row) throw new AppError('conflict', { detail: `SMS template ${code} is not registered` });
  if (!row.enabled) throw new AppError('conflict', { detail: `SMS template ${code} is disabled` });
  return row;
}
