import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capOf, planDispatch, type DispatchCollector, type DispatchGroup } from './dispatch.js';

const STAGES = ['S1', 'S2', 'S3'];
const groupArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    kind: fc.constantFrom('pre' as const, 'collection' as const),
    stages: fc.subarray(STAGES, { minLength: 1 }),
    dailyCap: fc.integer({ min: 1, max: 4 }),
    mode: fc.constantFrom('leastLoaded' as const, 'roundRobin' as const, 'ratio' as const),
    active: fc.boolean(),
    lastCollectorId: fc.constant(null),
  });

describe('planDispatch (property)', () => {
  it('every case goes to exactly one eligible collector under their cap, or is reported with the reason', () => {
    fc.assert(
      fc.property(
        fc
          .array(groupArb(0), { minLength: 0, maxLength: 3 })
          .map((gs) => gs.map((g, i) => ({ ...g, id: i + 1 }))),
        fc.array(
          fc.record({
            groupId: fc.integer({ min: 1, max: 3 }),
            onDuty: fc.boolean(),
            dailyCap: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
            weight: fc.integer({ min: 1, max: 5 }),
            openCases: fc.integer({ min: 0, max: 5 }),
            assignedToday: fc.integer({ min: 0, max: 3 }),
          }),
          { maxLength: 6 },
        ),
        fc.array(
          fc.record({
            kind: fc.constantFrom('pre' as const, 'collection' as const),
            stage: fc.constantFrom(...STAGES),
            // Taken from this collector for broken promises (decision 0056), or from no one.
            notCollectorId: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
          }),
          { maxLength: 20 },
        ),
        (groups: DispatchGroup[], members, rawCases) => {
          const collectors: DispatchCollector[] = members.map((m, i) => ({ ...m, userId: i + 1 }));
          const cases = rawCases.map((c, i) => ({ ...c, id: i + 1 }));
          const plan = planDispatch(cases, groups, collectors);
          const ids = [
            ...plan.assigned.map((a) => a.caseId),
            ...plan.undispatched.map((u) => u.caseId),
          ];
          expect(ids.sort((a, b) => a - b)).toEqual(cases.map((c) => c.id));
          const taken = new Map<number, number>();
          for (const a of plan.assigned) {
            const item = cases.find((c) => c.id === a.caseId)!;
            const collector = collectors.find((c) => c.userId === a.collectorId)!;
            const group = groups.find((g) => g.id === a.groupId)!;
            expect(collector.groupId).toBe(group.id);
            expect(collector.onDuty).toBe(true);
            expect(collector.userId).not.toBe(item.notCollectorId);
            expect(
              group.active && group.kind === item.kind && group.stages.includes(item.stage),
            ).toBe(true);
            taken.set(collector.userId, (taken.get(collector.userId) ?? 0) + 1);
            expect(collector.assignedToday + taken.get(collector.userId)!).toBeLessThanOrEqual(
              capOf(collector, group),
            );
          }
          for (const u of plan.undispatched) {
            const item = cases.find((c) => c.id === u.caseId)!;
            const eligibleGroups = groups.filter(
              (g) => g.active && g.kind === item.kind && g.stages.includes(item.stage),
            );
            if (u.reason === 'noGroup') expect(eligibleGroups).toHaveLength(0);
            else {
              expect(eligibleGroups.length).toBeGreaterThan(0);
              const onDutyAll = collectors.filter(
                (c) => c.onDuty && eligibleGroups.some((g) => g.id === c.groupId),
              );
              const onDuty = onDutyAll.filter((c) => c.userId !== item.notCollectorId);
              if (u.reason === 'noCollector') expect(onDutyAll).toHaveLength(0);
              else if (u.reason === 'noOtherCollector') {
                expect(onDuty).toHaveLength(0);
                expect(onDutyAll.map((c) => c.userId)).toEqual([item.notCollectorId]);
              }
              // capsFull: every on-duty member had reached their cap by the time this case came.
              else expect(onDuty.length).toBeGreaterThan(0);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('least loaded goes to the member with fewest open cases; round-robin rotates', () => {
    const group: DispatchGroup = {
      id: 1,
      kind: 'collection',
      stages: ['S1'],
      dailyCap: 10,
      mode: 'leastLoaded',
      active: true,
      lastCollectorId: null,
    };
    const c = (userId: number, openCases: number): DispatchCollector => ({
      userId,
      groupId: 1,
      onDuty: true,
      dailyCap: null,
      weight: 1,
      openCases,
      assignedToday: 0,
    });
    const cases = [1, 2, 3].map((id) => ({ id, kind: 'collection' as const, stage: 'S1' }));
    expect(
      planDispatch(cases, [group], [c(1, 5), c(2, 0)]).assigned.map((a) => a.collectorId),
    ).toEqual([2, 2, 2]);
    expect(
      planDispatch(
        cases,
        [{ ...group, mode: 'roundRobin', lastCollectorId: 1 }],
        [c(1, 5), c(2, 0)],
      ).assigned.map((a) => a.collectorId),
    ).toEqual([2, 1, 2]);
  });
});
