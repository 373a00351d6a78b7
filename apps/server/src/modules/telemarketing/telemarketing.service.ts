import {
  type CallHours,
  type CallRow,
  type ImportReport,
  type LeadConversion,
  type LeadRow,
  type RateRow,
  type callListBodySchema,
  type callRecordBodySchema,
  type leadAssignBodySchema,
  type leadListBodySchema,
  type rateBodySchema,
} from '@lending/contract';
import { addDays } from '@lending/lending';
import type { z } from 'zod';
import type { CallerGrants } from '../../plugins/auth.js';
import type { Database } from '../../plugins/db.js';
import type { Defer } from '../../shared/after-reply.js';
import { AppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { hoursText, isWithinHours } from '../../shared/contact-hours.js';
import { readPhoneList, type UploadedXlsx } from '../../shared/import/xlsx-import.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { readRiskSettings } from '../risk/index.js';
import {
  reapplyAfterDays,
  telemarketingCallCap,
  telemarketingCallHours,
} from '../ops-config/index.js';
import * as repository from './telemarketing.repository.js';

export interface TelemarketingDeps {
  /** The module's database (joins an audited call's transaction). */
  db: Database;
  /** The plain database: a refused call is recorded after the failed call's rollback. */
  rawDb: Database;
  clock: Clock;
}

/** The interface that makes a telemarketing lead: they see every lead and call, and assign. */
export const LEAD_INTERFACE = 'telemarketing.lead_assign';

/**
 * Who is asking: a lead (or the administrator) sees the whole floor; anyone else only the
 * leads assigned to them and their own calls (docs/security.md, record scope).
 */
export interface Viewer {
  userId: number;
  seesAll: boolean;
}

export function viewerOf(userId: number, grants: CallerGrants | null): Viewer {
  return {
    userId,
    seesAll: grants !== null && (grants.isAdmin || grants.interfaces.has(LEAD_INTERFACE)),
  };
}

export async function refreshLeads(deps: TelemarketingDeps): Promise<{ added: number }> {
  const now = deps.clock.now();
  const waits = {
    today: indiaDateOf(now),
    settingDays: await reapplyAfterDays(deps.db),
    riskDays: (await readRiskSettings(deps.db)).reapplyDaysAfterRejection,
  };
  return { added: await repository.insertNewLeads(deps.db, now, waits) };
}

/** At most this many rows in one imported call list. */
export const LEAD_IMPORT_MAX_ROWS = 10_000;

/** Phones per statement: well inside PostgreSQL's limit of bound parameters. */
const IMPORT_SLICE = 1_000;

const IMPORT_REFUSALS: Record<repository.ImportRefusal, string> = {
  onList: 'phone: already on the call list',
  optedOut: 'phone: opted out of marketing, never called',
  blacklisted: 'phone: on the blacklist',
  orderOpen: 'phone: has a loan order in progress or unpaid',
};

/**
 * A call list imported from .xlsx (one column "phone"; decision 0080): each phone the list
 * may take goes on it as an unassigned lead of source `imported`, since today; the lead then
 * assigns it as any other. Refused rows say why: not a mobile number, a repeat of an earlier
 * row, on the list already, opted out, blacklisted or with an order open. Importing the same
 * file again refuses every row as on the list already, so nothing doubles.
 */
export async function importLeads(
  deps: TelemarketingDeps,
  upload: UploadedXlsx,
): Promise<ImportReport> {
  const { phones: candidates, report } = await readPhoneList(upload, LEAD_IMPORT_MAX_ROWS);
  const refusals = new Map<string, repository.ImportRefusal>();
  for (let start = 0; start < candidates.length; start += IMPORT_SLICE) {
    const phones = candidates.slice(start, start + IMPORT_SLICE).map((c) => c.phone);
    for (const [phone, why] of await repository.importRefusals(deps.db, phones))
      refusals.set(phone, why);
  }
  const now = deps.clock.now();
  const welcome = candidates.filter(({ phone }) => !refusals.has(phone));
  const added = new Map<string, number>();
  for (let start = 0; start < welcome.length; start += IMPORT_SLICE) {
    const phones = welcome.slice(start, start + IMPORT_SLICE).map((c) => c.phone);
    for (const [phone, id] of await repository.insertImportedLeads(
      deps.db,
      phones,
      now,
      indiaDateOf(now),
    ))
      added.set(phone, id);
  }
  for (const { row, phone } of candidates) {
    const id = added.get(phone);
    if (id === undefined) {
      // Not added: refused above, or put on the list meanwhile by a refresh or another import.
      report.refused += 1;
      const reason = IMPORT_REFUSALS[refusals.get(phone) ?? 'onList'];
      report.rows.push({ row, status: 'refused', reason, id: null });
    } else {
      report.accepted += 1;
      report.rows.push({ row, status: 'accepted', reason: null, id });
    }
  }
  report.rows.sort((a, b) => a.row - b.row);
  return report;
}

export async function listLeads(
  deps: TelemarketingDeps,
  viewer: Viewer,
  body: z.output<typeof leadListBodySchema>,
): Promise<{ list: LeadRow[]; total: number; callHours: CallHours }> {
  const now = deps.clock.now();
  const { list, total } = await repository.listLeads(
    deps.db,
    body,
    viewer.seesAll ? null : viewer.userId,
    indiaDateOf(now),
  );
  const hours = await telemarketingCallHours(deps.db);
  // Beside each row, so a telemarketer sees "2/3 today" before dialling (decision 0063).
  const callCap = await telemarketingCallCap(deps.db);
  return {
    total,
    // Shown in the call dialog before the call; the same reading the refusal makes.
    callHours: { ...hours, withinHours: isWithinHours(now, hours) },
    list: list.map((row) => ({
      id: row.lead.id,
      source: row.lead.source,
      customerName: row.name ? maskName(row.name) : null,
      phone: maskPhone(row.lead.phone),
      sinceDate: row.lead.sinceDate,
      telemarketerId: row.lead.telemarketerId,
      telemarketerName: row.telemarketerName,
      assignedAt: row.lead.assignedAt?.toISOString() ?? null,
      followStatus: row.lead.lastOutcome ?? 'new',
      calls: row.lead.calls,
      callsToday: row.callsToday,
      callCap,
      optedOut: Boolean(row.optedOut),
      lastCallAt: row.lead.lastCallAt?.toISOString() ?? null,
      nextCallDate: row.lead.nextCallDate,
      conversion: row.conversion as LeadConversion,
    })),
  };
}

export async function listTelemarketers(deps: TelemarketingDeps, viewer: Viewer) {
  return {
    list: await repository.telemarketers(deps.db, viewer.seesAll ? undefined : viewer.userId),
  };
}

export async function assignLeads(
  deps: TelemarketingDeps,
  actorId: number,
  body: z.output<typeof leadAssignBodySchema>,
): Promise<{ assigned: number }> {
  const [target] = await repository.telemarketers(deps.db, body.telemarketerId);
  if (!target)
    throw new AppError('notTelemarketer', {
      field: 'telemarketerId',
      detail: String(body.telemarketerId),
    });
  const ids = [...new Set(body.leadIds)];
  const found = new Set(await repository.existingLeadIds(deps.db, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('notFound', { field: 'leadIds', detail: missing.join(', ') });
  const now = deps.clock.now();
  await repository.assignLeads(deps.db, ids, {
    telemarketerId: target.userId,
    at: now,
    date: indiaDateOf(now),
    by: actorId,
  });
  return { assigned: ids.length };
}

/** The lead if the viewer may act on it: its holder always, a lead only where `leadsMay`. */
async function leadInScope(
  deps: TelemarketingDeps,
  viewer: Viewer,
  leadId: number,
  leadsMay: boolean,
) {
  const lead = await repository.findLead(deps.db, leadId);
  if (!lead) throw new AppError('notFound', { field: 'leadId', detail: String(leadId) });
  if (lead.telemarketerId !== viewer.userId && !(leadsMay && viewer.seesAll))
    throw new AppError('leadOutOfScope', { field: String(leadId) });
  return lead;
}

export async function revealPhone(deps: TelemarketingDeps, viewer: Viewer, leadId: number) {
  const lead = await leadInScope(deps, viewer, leadId, true);
  return { phone: lead.phone };
}

/**
 * A call is recorded by the lead's holder only, never to a number that opted out of marketing
 * (refused with 4197 and not kept, decision 0068), and only inside the calling hours in force
 * (operations setting telemarketing_call_hours, read at each call; within the lawful
 * 08:00–19:00 India time, decision 0049). Outside them the caller is refused with the hours,
 * and the refused attempt is kept in the call history (decision 0057): written after the
 * call's transaction, which the refusal rolls back, and left out of every count of calls.
 * Inside the hours, a number gets at most the daily cap of calls (operations setting
 * telemarketing_call_cap), whoever on the floor makes them (decision 0063): past it the caller
 * is refused with the cap and when calling is allowed again, and that attempt is kept in the
 * history too, the same way.
 */
export async function recordCall(
  deps: TelemarketingDeps,
  viewer: Viewer,
  body: z.output<typeof callRecordBodySchema>,
  defer: Defer,
): Promise<{ callId: number }> {
  const lead = await leadInScope(deps, viewer, body.leadId, false);
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  // A request that is wrong in itself is no attempt: answered before the hours are looked at.
  if (body.nextCallDate !== undefined && body.nextCallDate < today)
    throw AppError.invalid('nextCallDate', 'must be today or later');
  // A number that opted out of marketing is never called, whatever the hour (decision 0068).
  // Refused before the hours, which would say "try again later"; nothing is kept of it (the
  // stored refusals' check admits only the hours and the cap) and it is no call.
  const optedOutAt = await repository.optOutOf(deps.db, lead.phone);
  if (optedOutAt)
    throw new AppError('callOptedOut', { field: 'leadId', detail: indiaDateOf(optedOutAt) });
  const hours = await telemarketingCallHours(deps.db);
  if (!isWithinHours(now, hours)) {
    defer(() =>
      repository.insertRefusedCall(deps.rawDb, {
        leadId: body.leadId,
        telemarketerId: viewer.userId,
        remarks: body.remarks,
        refusal: 'outsideHours',
        refusalHours: hoursText(hours),
        indiaDate: today,
        at: now,
      }),
    );
    throw new AppError('callOutsideHours', { field: 'leadId', detail: hoursText(hours) });
  }
  const cap = await telemarketingCallCap(deps.db);
  if ((await repository.lockLeadCallsOn(deps.db, body.leadId, today)) >= cap) {
    defer(() =>
      repository.insertRefusedCall(deps.rawDb, {
        leadId: body.leadId,
        telemarketerId: viewer.userId,
        remarks: body.remarks,
        refusal: 'callCap',
        refusalHours: null,
        indiaDate: today,
        at: now,
      }),
    );
    throw new AppError('callCapReached', {
      // When calling is allowed again: the next India day's calling hours open.
      field: `${addDays(today, 1)} ${hours.start}`,
      detail: String(cap),
    });
  }
  const callId = await repository.insertCall(deps.db, {
    leadId: body.leadId,
    telemarketerId: viewer.userId,
    outcome: body.outcome,
    remarks: body.remarks,
    nextCallDate: body.nextCallDate ?? null,
    indiaDate: today,
    at: now,
  });
  return { callId };
}

export async function listCalls(
  deps: TelemarketingDeps,
  viewer: Viewer,
  body: z.output<typeof callListBodySchema>,
): Promise<{ list: CallRow[]; total: number }> {
  const { list, total } = await repository.listCalls(
    deps.db,
    body,
    viewer.seesAll ? null : viewer.userId,
  );
  return {
    total,
    list: list.map((row) => ({
      id: row.call.id,
      leadId: row.call.leadId,
      source: row.source,
      customerName: row.name ? maskName(row.name) : null,
      phone: maskPhone(row.phone),
      telemarketerName: row.telemarketerName,
      outcome: row.call.outcome,
      refused: row.call.refused,
      refusal: row.call.refusal,
      refusalHours: row.call.refusalHours,
      remarks: row.call.remarks,
      nextCallDate: row.call.nextCallDate,
      calledAt: row.call.at.toISOString(),
    })),
  };
}

/** numerator ÷ denominator in parts per million, or null when there is nothing to divide. */
export function ppmOf(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : Math.round((numerator * 1_000_000) / denominator);
}

type Counts = Pick<RateRow, 'assigned' | 'called' | 'connected' | 'applied' | 'disbursed'>;

function withRates(counts: Counts) {
  const { assigned, called, connected, applied, disbursed } = counts;
  return {
    assigned,
    called,
    connected,
    applied,
    disbursed,
    calledRatePpm: ppmOf(counts.called, counts.assigned),
    connectedRatePpm: ppmOf(counts.connected, counts.called),
    appliedRatePpm: ppmOf(counts.applied, counts.assigned),
    disbursedRatePpm: ppmOf(counts.disbursed, counts.assigned),
  };
}

/** telemarketingRate: the last 7 India days unless a range is given; one's own row for a telemarketer. */
export async function rate(
  deps: TelemarketingDeps,
  viewer: Viewer,
  body: z.output<typeof rateBodySchema>,
) {
  const today = indiaDateOf(deps.clock.now());
  const dateTo = body.dateTo ?? (body.dateFrom && body.dateFrom > today ? body.dateFrom : today);
  const dateFrom = body.dateFrom ?? addDays(dateTo, -6);
  const rows = await repository.rateRows(deps.db, {
    from: dateFrom,
    to: dateTo,
    telemarketerId: viewer.seesAll ? body.telemarketerId : viewer.userId,
  });
  const sum: Counts = { assigned: 0, called: 0, connected: 0, applied: 0, disbursed: 0 };
  for (const row of rows)
    for (const key of Object.keys(sum) as (keyof Counts)[]) sum[key] += row[key];
  return {
    dateFrom,
    dateTo,
    list: rows.map((row) => ({
      key: `${row.date}:${row.telemarketerId}`,
      date: row.date,
      telemarketerId: row.telemarketerId,
      telemarketerName: row.name,
      ...withRates(row),
    })),
    total: {
      key: 'total',
      date: null,
      telemarketerId: null,
      telemarketerName: null,
      ...withRates(sum),
    },
  };
}
