import { createHash } from 'node:crypto';
import {
  indiaClockText,
  insidePromotionalHours,
  sendHoursText,
  type Campaign,
  type CampaignAudience,
  type CampaignTemplate,
  type createCampaignBodySchema,
  type ImportReport,
  type listCampaignsBodySchema,
  type SendHours,
} from '@lending/contract';
import type { z } from 'zod';
import {
  enabledSmsTemplatesOf,
  findSmsTemplate,
  smsTemplatesByCode,
  templateVariables,
} from '../../integrations/index.js';
import type { AuditRecorder } from '../../plugins/audit-port.js';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { readPhoneList, type UploadedXlsx } from '../../shared/import/xlsx-import.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { promotionalSendHours } from '../ops-config/index.js';
import { staffNamesOf } from '../user/index.js';
import { previewAudience } from './audience.js';
import {
  campaignByKey,
  campaignFigures,
  campaignPage,
  cancelOpenCampaign,
  findCampaign,
  insertAudienceList,
  insertAudienceListPhones,
  insertCampaignUnlessKeyUsed,
  insertRecipients,
  recentAudienceLists,
} from './campaigns.repository.js';
import type { AudienceSource, CampaignRow } from './marketing-sms.table.js';

export interface MarketingSmsDeps {
  db: Database;
  clock: Clock;
}

type CreateBody = z.output<typeof createCampaignBodySchema>;

/** A send time a minute behind the clock is "now" (the form's clock and ours differ a little). */
const PAST_TOLERANCE_MS = 60_000;

/** The message as it goes out: each `{#name#}` replaced by its value. */
export function fillTemplate(text: string, params: Record<string, string>): string {
  return text.replace(/\{#([a-zA-Z0-9_]+)#\}/g, (whole, name: string) => params[name] ?? whole);
}

/**
 * TRAI: a promotional campaign may only be scheduled (and sent) inside 10:00–21:00 IST, narrowed
 * by the SMS configuration's quiet hours (decision 0049); the refusal names the hours in force.
 */
export function assertInsidePromotionalHours(instant: Date, hours: SendHours): void {
  if (insidePromotionalHours(instant, hours)) return;
  const message = `must be between ${sendHoursText(hours)} India time`;
  throw new AppError('promotionalOutsideHours', {
    field: `${indiaClockText(instant)} IST`,
    detail: sendHoursText(hours),
    errors: [{ field: 'sendAt', message }],
  });
}

export async function campaignTemplates(
  db: Executor,
): Promise<{ list: CampaignTemplate[]; sendHours: SendHours }> {
  const rows = await enabledSmsTemplatesOf(db, 'promotional');
  return {
    list: rows.map((row) => ({
      code: row.code,
      name: row.name,
      senderId: row.senderId,
      language: row.language,
      text: row.text,
      variables: templateVariables(row.text),
    })),
    sendHours: await promotionalSendHours(db),
  };
}

/** The template a campaign sends with: registered, enabled, promotional, every variable given. */
async function campaignTemplate(db: Executor, code: string, params: Record<string, string>) {
  const row = await findSmsTemplate(db, code);
  if (!row || !row.enabled || row.category !== 'promotional') {
    throw AppError.invalid('templateCode', 'must be an enabled promotional template');
  }
  const variables = templateVariables(row.text);
  for (const name of variables) {
    if (!params[name]) throw AppError.invalid(`params.${name}`, 'cannot be empty');
  }
  for (const name of Object.keys(params)) {
    if (!variables.includes(name)) throw AppError.invalid(`params.${name}`, 'not in the template');
  }
  return row;
}

/**
 * What the campaign's `audience_source` column records. Its check allows the two book lists and
 * the upload; rows selected on a list screen are recorded as that screen's list, the selection
 * itself (the ids) in `audience` (decision 0067: no migration for a fourth source).
 */
function audienceSourceOf(audience: CampaignAudience): AudienceSource {
  return audience.source === 'selected' ? audience.list : audience.source;
}

/** How many rows staff selected, for a campaign whose audience was a selection on a list screen. */
function selectedRowsOf(audience: Record<string, unknown>): number | null {
  return audience.source === 'selected' && Array.isArray(audience.ids) ? audience.ids.length : null;
}

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHashOf(body: CreateBody): string {
  const { idempotencyKey: _key, ...request } = body;
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * Creates a campaign: checks the template and the send time (the hours in force), resolves the
 * audience once and writes one recipient row per number, those opted out or blacklisted as
 * skipped with the reason. The same idempotency key answers the same campaign.
 */
export async function createCampaign(
  deps: MarketingSmsDeps,
  tx: Executor,
  audit: AuditRecorder,
  actorId: number,
  body: CreateBody,
): Promise<Campaign> {
  const requestHash = requestHashOf(body);
  const existing = await campaignByKey(tx, body.idempotencyKey);
  if (existing) return sameRequestOrRefuse(tx, existing, requestHash);

  const now = deps.clock.now();
  await campaignTemplate(tx, body.templateCode, body.params);
  const sendAt = body.sendAt ? new Date(body.sendAt) : now;
  if (sendAt.getTime() < now.getTime() - PAST_TOLERANCE_MS) {
    throw AppError.invalid('sendAt', 'must not be in the past');
  }
  assertInsidePromotionalHours(sendAt, await promotionalSendHours(tx));

  const { phones, reasons, preview } = await previewAudience(tx, body.audience, now);
  if (preview.eligible === 0) throw new AppError('campaignAudienceEmpty');

  const created = await insertCampaignUnlessKeyUsed(tx, {
    name: body.name,
    templateCode: body.templateCode,
    params: body.params,
    audienceSource: audienceSourceOf(body.audience),
    audience: body.audience,
    ratePerMinute: body.ratePerMinute,
    sendAt,
    status: 'scheduled',
    idempotencyKey: body.idempotencyKey,
    requestHash,
    createdBy: actorId,
    createdAt: now,
  });
  if (!created) {
    // The same key committed by a concurrent call while this one was reading.
    const raced = await campaignByKey(tx, body.idempotencyKey);
    return sameRequestOrRefuse(tx, raced!, requestHash);
  }
  await insertRecipients(
    tx,
    phones.map((phone) => {
      const reason = reasons.get(phone) ?? null;
      return {
        campaignId: created.id,
        phone,
        status: reason ? ('skipped' as const) : ('pending' as const),
        skipReason: reason,
      };
    }),
  );
  await audit.record({
    targetType: 'marketing_sms_campaign',
    targetId: created.id,
    after: {
      name: created.name,
      templateCode: created.templateCode,
      audience: body.audience,
      sendAt: toIso(sendAt),
      ...preview,
    },
  });
  return (await campaignViews(tx, [created]))[0]!;
}

async function sameRequestOrRefuse(db: Executor, row: CampaignRow, requestHash: string) {
  if (row.requestHash !== requestHash) {
    throw new AppError('idempotencyKeyReused', { field: row.idempotencyKey });
  }
  return (await campaignViews(db, [row]))[0]!;
}

/** Stops a campaign: nothing more is sent; what was sent stays sent (and keeps its receipts). */
export async function cancelCampaign(
  deps: MarketingSmsDeps,
  tx: Executor,
  audit: AuditRecorder,
  id: number,
): Promise<Campaign> {
  const row = await findCampaign(tx, id);
  if (!row) throw new AppError('notFound');
  const cancelled = await cancelOpenCampaign(tx, id, deps.clock.now());
  if (!cancelled) {
    throw new AppError('campaignNotCancellable', { field: row.name, detail: row.status });
  }
  await audit.record({
    targetType: 'marketing_sms_campaign',
    targetId: id,
    before: { status: row.status },
    after: { status: 'cancelled' },
  });
  return (await campaignViews(tx, [cancelled]))[0]!;
}

export async function listCampaigns(
  deps: MarketingSmsDeps,
  body: z.output<typeof listCampaignsBodySchema>,
): Promise<{ list: Campaign[]; total: number }> {
  const { list, total } = await campaignPage(deps.db, body);
  return { list: await campaignViews(deps.db, list), total };
}

/**
 * Campaigns with their figures, counted from the recipient rows and the gateway's receipts
 * on sms_messages: a receipt moves a message to delivered or failed, and the count follows.
 */
async function campaignViews(db: Executor, rows: readonly CampaignRow[]): Promise<Campaign[]> {
  if (rows.length === 0) return [];
  const counts = await campaignFigures(
    db,
    rows.map((row) => row.id),
  );
  const countsOf = new Map(counts.map((row) => [row.campaignId, row]));
  const templates = await smsTemplatesByCode(db, [...new Set(rows.map((row) => row.templateCode))]);
  const templateOf = new Map(templates.map((t) => [t.code, t]));
  const staffName = await staffNamesOf(
    db,
    rows.map((row) => row.createdBy),
  );
  return rows.map((row) => {
    const figures = countsOf.get(row.id);
    const template = templateOf.get(row.templateCode);
    return {
      id: row.id,
      name: row.name,
      templateCode: row.templateCode,
      templateName: template?.name ?? null,
      text: template ? fillTemplate(template.text, row.params) : '',
      audienceSource: row.audienceSource,
      selectedRows: selectedRowsOf(row.audience),
      audienceSize: Number(figures?.total ?? 0),
      sent: Number(figures?.sent ?? 0),
      delivered: Number(figures?.delivered ?? 0),
      failed: Number(figures?.failed ?? 0),
      optedOut: Number(figures?.optedOut ?? 0),
      blacklisted: Number(figures?.blacklisted ?? 0),
      pending: Number(figures?.pending ?? 0),
      ratePerMinute: row.ratePerMinute,
      status: row.status,
      sendAt: toIso(row.sendAt),
      createdBy: staffName.get(row.createdBy) ?? '',
      createdAt: toIso(row.createdAt),
      completedAt: toIsoOrNull(row.completedAt),
    };
  });
}

/* ----------------------------------- uploaded lists ------------------------------------ */

/**
 * An .xlsx of phone numbers (one column "phone") becomes an uploaded list; each row is
 * accepted or refused (not a mobile number, a repeat) in the report. Opt-outs and the
 * blacklist are applied when a campaign uses the list, not here: they can change meanwhile.
 */
export async function importAudienceList(
  deps: MarketingSmsDeps,
  tx: Executor,
  audit: AuditRecorder,
  actorId: number,
  upload: UploadedXlsx,
): Promise<ImportReport> {
  const { phones: accepted, report } = await readPhoneList(upload, 50_000);
  if (accepted.length === 0) {
    throw AppError.invalid('contentBase64', 'the file has no valid phone number');
  }
  const listId = await insertAudienceList(tx, {
    fileName: upload.fileName,
    uploadedBy: actorId,
    uploadedAt: deps.clock.now(),
  });
  await insertAudienceListPhones(
    tx,
    listId,
    accepted.map(({ phone }) => phone),
  );
  for (const { row } of accepted) {
    report.accepted += 1;
    report.rows.push({ row, status: 'accepted', reason: null, id: listId });
  }
  report.rows.sort((a, b) => a.row - b.row);
  await audit.record({
    targetType: 'marketing_audience_list',
    targetId: listId,
    after: { fileName: upload.fileName, phones: accepted.length, refused: report.refused },
  });
  return report;
}

export async function audienceLists(db: Executor) {
  const rows = await recentAudienceLists(db);
  return {
    list: rows.map((row) => ({
      id: row.id,
      fileName: row.fileName,
      phones: Number(row.phones),
      uploadedBy: row.uploadedBy ?? '',
      uploadedAt: toIso(row.uploadedAt),
    })),
  };
}
