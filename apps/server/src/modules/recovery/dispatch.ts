import type { CaseKind, DispatchMode } from './recovery.table.js';

/** Pure dispatch rules (no database): which collector takes each pool case, or why none can. */
export interface PoolCase {
  id: number;
  kind: CaseKind;
  stage: string;
  /** The collector the case was taken from for broken promises: it goes to anyone but them. */
  notCollectorId?: number | null;
}
export interface DispatchGroup {
  id: number;
  kind: CaseKind;
  stages: string[];
  dailyCap: number;
  mode: DispatchMode;
  active: boolean;
  lastCollectorId: number | null;
}
export interface DispatchCollector {
  userId: number;
  groupId: number;
  onDuty: boolean;
  /** Null: the group's daily cap. */
  dailyCap: number | null;
  weight: number;
  openCases: number;
  assignedToday: number;
}
export type UndispatchedReason = 'noGroup' | 'noCollector' | 'noOtherCollector' | 'capsFull';
export interface DispatchPlan {
  assigned: { caseId: number; collectorId: number; groupId: number }[];
  undispatched: { caseId: number; reason: UndispatchedReason }[];
  /** Round-robin cursors to store: group id → last collector dealt to. */
  cursors: Map<number, number>;
}

export function capOf(collector: DispatchCollector, group: DispatchGroup): number {
  return collector.dailyCap ?? group.dailyCap;
}

/**
 * Deals pool cases out. A case goes to an on-duty member of an active group of its kind whose
 * stages include the case's stage, and only while that member has taken fewer cases today
 * than their cap, and never to the collector it was taken from for broken promises. Within the group: least loaded (fewest open cases), round-robin (after the
 * last one dealt to) or by ratio (fewest cases today per unit of weight). A case no one may
 * take stays in the pool with the reason. Ties break by user id, so the plan is deterministic.
 */
export function planDispatch(
  cases: readonly PoolCase[],
  groups: readonly DispatchGroup[],
  collectors: readonly DispatchCollector[],
): DispatchPlan {
  const load = new Map(collectors.map((c) => [c.userId, { ...c }]));
  const cursors = new Map<number, number>();
  const assigned: DispatchPlan['assigned'] = [];
  const undispatched: DispatchPlan['undispatched'] = [];
  for (const item of cases) {
    const candidates = groups.filter(
      (g) => g.active && g.kind === item.kind && g.stages.includes(item.stage),
    );
    if (candidates.length === 0) {
      undispatched.push({ caseId: item.id, reason: 'noGroup' });
      continue;
    }
    let onDuty = 0;
    let onlyTheLastHolder = false;
    let best: { collector: DispatchCollector; group: DispatchGroup; score: number[] } | null = null;
    for (const group of candidates) {
      const members = [...load.values()]
        .filter((c) => c.groupId === group.id && c.onDuty)
        .filter((c) => {
          if (c.userId !== item.notCollectorId) return true;
          onlyTheLastHolder = true;
          return false;
        })
        .sort((a, b) => a.userId - b.userId);
      onDuty += members.length;
      const open = members.filter((c) => c.assignedToday < capOf(c, group));
      if (open.length === 0) continue;
      const last = cursors.get(group.id) ?? group.lastCollectorId ?? 0;
      for (const c of open) {
        const score =
          group.mode === 'leastLoaded'
            ? [c.openCases, c.userId]
            : group.mode === 'ratio'
              ? [(c.assignedToday + 1) / c.weight, c.openCases, c.userId]
              : // Round-robin: the first member after the last one dealt to, wrapping round.
                [c.userId > last ? 0 : 1, c.userId];
        if (!best || compare(score, best.score) < 0) best = { collector: c, group, score };
      }
    }
    if (!best) {
      const reason =
        onDuty > 0 ? 'capsFull' : onlyTheLastHolder ? 'noOtherCollector' : 'noCollector';
      undispatched.push({ caseId: item.id, reason });
      continue;
    }
    best.collector.assignedToday += 1;
    best.collector.openCases += 1;
    cursors.set(best.group.id, best.collector.userId);
    assigned.push({ caseId: item.id, collectorId: best.collector.userId, groupId: best.group.id });
  }
  return { assigned, undispatched, cursors };
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The stage of an overdue case by its overdue days (stages ordered, last one open-ended). */
export function stageOf(
  overdueDays: number,
  stages: readonly { code: string; from: number; to: number | null }[],
): string {
  for (const s of stages)
    if (overdueDays >= s.from && (s.to === null || overdueDays <= s.to)) return s.code;
  return stages[stages.length - 1]?.code ?? 'S1';
}
