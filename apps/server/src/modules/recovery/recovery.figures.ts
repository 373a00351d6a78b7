import type {
  dailyProcessBodySchema,
  dailyProcessRetSchema,
  PerformanceRow,
  StageFlowRet,
  StageFlowRow,
  performanceBodySchema,
  stageFlowBodySchema,
} from '@lending/contract';
import { addDays } from '@lending/lending';
import type { z } from 'zod';
import { startOfIndiaDate } from '../../shared/india-date.js';
import { intFromDb, paiseFromDb, paiseToApi } from '../../shared/paise.js';
import { scopeOf } from './cases.repository.js';
import { dailyProcessRows, performanceRows, stageFlowRows } from './figures.repository.js';
import { readNow, type RecoveryDeps } from './recovery.deps.js';

type DailyRow = z.output<typeof dailyProcessRetSchema>['list'][number];

/*
 * The collection reports' figures (summaryCollectinOrders, performance, performance2) and the
 * daily process: one rate rule and one definition of money recovered, shared by every report.
 * Their SQL is in figures.repository.ts.
 */

/** A rate in parts per million, rounded; null when there is nothing to divide by (never a false 0 %). */
export function ratePpm(part: bigint | number, whole: bigint | number): number | null {
  const w = BigInt(whole);
  if (w === 0n) return null;
  const p = BigInt(part) * 1_000_000n;
  return Number((p + w / 2n) / w);
}

export async function performance(
  deps: RecoveryDeps,
  body: z.output<typeof performanceBodySchema>,
) {
  // The cases and promises as of now: reads never write (decision 0052).
  const rows = await performanceRows(deps.db, readNow(deps), body);
  const toRow = (k: string, r: Record<string, unknown>): PerformanceRow => {
    const cases = intFromDb(r.cases);
    const owed = paiseFromDb(r.owed);
    const recovered = paiseFromDb(r.recovered);
    const promises = intFromDb(r.promises);
    const kept = intFromDb(r.kept);
    const contacted = intFromDb(r.contacted);
    const rolled = intFromDb(r.rolled);
    const recoveredCases = intFromDb(r.recovered_cases);
    return {
      key: k,
      label: k,
      cases,
      recoveredCases,
      owedPaise: paiseToApi(owed),
      recoveredPaise: paiseToApi(recovered),
      countRatePpm: ratePpm(recoveredCases, cases),
      amountRatePpm: ratePpm(recovered > owed ? owed : recovered, owed),
      promises,
      promisesKept: kept,
      promiseKeptPpm: ratePpm(kept, promises),
      contacted,
      contactRatePpm: ratePpm(contacted, cases),
      rolled,
      rollRatePpm: ratePpm(rolled, cases),
    };
  };
  const list = rows.map((r) => toRow(String(r.k), r));
  const totals: Record<string, unknown> = {
    cases: list.reduce((s, r) => s + r.cases, 0),
    recovered_cases: list.reduce((s, r) => s + r.recoveredCases, 0),
    owed: String(list.reduce((s, r) => s + BigInt(r.owedPaise), 0n)),
    recovered: String(list.reduce((s, r) => s + BigInt(r.recoveredPaise), 0n)),
    promises: list.reduce((s, r) => s + r.promises, 0),
    kept: list.reduce((s, r) => s + r.promisesKept, 0),
    contacted: list.reduce((s, r) => s + r.contacted, 0),
    rolled: list.reduce((s, r) => s + r.rolled, 0),
  };
  return { list, total: toRow('total', totals) };
}

/** `YYYY-MM` moved by `months`. */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y! * 12 + (m! - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * performance2, the stage flow (decision 0044): from the case history, each entry of a
 * collection case into a stage (opened there, or rolled into it by the day-end) is one
 * stage stay, ending at the next stage change or the case's close. Per India month of entry
 * and stage: stays entered, rolled on, repaid, still there; owed at entry and received during
 * the stay (capped at owed, stay by stay); contacted; promises made during the stay and kept.
 */
export async function stageFlow(
  deps: RecoveryDeps,
  body: z.output<typeof stageFlowBodySchema>,
): Promise<StageFlowRet> {
  const at = readNow(deps);
  const monthTo = body.monthTo ?? at.today.slice(0, 7);
  const monthFrom = body.monthFrom ?? addMonths(monthTo, -5);
  const rows = await stageFlowRows(deps.db, at, monthFrom, monthTo);
  const stages = deps.settings.stages.map((s) => s.code);
  const order = (stage: string) => {
    const at = stages.indexOf(stage);
    return at === -1 ? stages.length : at;
  };
  const list = rows
    .map((r): StageFlowRow => {
      const stage = String(r.stage);
      const entered = intFromDb(r.entered);
      const rolled = intFromDb(r.rolled);
      const repaid = intFromDb(r.repaid);
      const owed = paiseFromDb(r.owed);
      const recovered = paiseFromDb(r.recovered);
      const contacted = intFromDb(r.contacted);
      const promises = intFromDb(r.promises);
      const kept = intFromDb(r.kept);
      const at = stages.indexOf(stage);
      return {
        key: `${String(r.month)}:${stage}`,
        month: String(r.month),
        stage,
        nextStage: at === -1 ? null : (stages[at + 1] ?? null),
        entered,
        rolled,
        rollRatePpm: ratePpm(rolled, entered),
        repaid,
        repaidRatePpm: ratePpm(repaid, entered),
        stillOpen: intFromDb(r.still_open),
        owedPaise: paiseToApi(owed),
        recoveredPaise: paiseToApi(recovered),
        amountRatePpm: ratePpm(recovered, owed),
        contacted,
        contactRatePpm: ratePpm(contacted, entered),
        promises,
        promisesKept: kept,
        promiseKeptPpm: ratePpm(kept, promises),
      };
    })
    .sort((a, b) =>
      a.month === b.month
        ? order(a.stage) - order(b.stage) || a.stage.localeCompare(b.stage)
        : a.month.localeCompare(b.month),
    );
  return { monthFrom, monthTo, stages, list };
}

/** The daily process: each collector's day on one kind of case, a total line per group after its collectors. */
export async function dailyProcess(
  deps: RecoveryDeps,
  userId: number,
  body: z.output<typeof dailyProcessBodySchema>,
) {
  const at = readNow(deps);
  const date = body.date ?? at.today;
  const from = startOfIndiaDate(date).toISOString();
  const to = startOfIndiaDate(addDays(date, 1)).toISOString();
  const scope = await scopeOf(deps.db, userId);
  const rows = await dailyProcessRows(deps.db, at, body.kind, { date, from, to }, scope);
  const list = rows.map((r): DailyRow => ({
    id: `c${intFromDb(r.user_id)}`,
    collectorId: intFromDb(r.user_id),
    collectorName: String(r.name),
    groupName: String(r.group_name),
    held: intFromDb(r.held),
    newCases: intFromDb(r.new_cases),
    contacted: intFromDb(r.contacted),
    connected: intFromDb(r.connected),
    promises: intFromDb(r.promises),
    promisesKept: intFromDb(r.kept),
    recoveredPaise: paiseToApi(paiseFromDb(r.recovered)),
    cleared: intFromDb(r.cleared),
    refused: intFromDb(r.refused),
  }));
  // A total line per group after its collectors.
  const out: DailyRow[] = [];
  const groupsSeen = [...new Set(list.map((r) => r.groupName))];
  for (const name of groupsSeen) {
    const members = list.filter((r) => r.groupName === name);
    out.push(...members);
    const sum = (k: keyof DailyRow) => members.reduce((s, r) => s + (r[k] as number), 0);
    out.push({
      id: `g${name}`,
      collectorId: null,
      collectorName: null,
      groupName: name,
      held: sum('held'),
      newCases: sum('newCases'),
      contacted: sum('contacted'),
      connected: sum('connected'),
      promises: sum('promises'),
      promisesKept: sum('promisesKept'),
      recoveredPaise: sum('recoveredPaise'),
      cleared: sum('cleared'),
      refused: sum('refused'),
    });
  }
  return { date, list: out };
}
