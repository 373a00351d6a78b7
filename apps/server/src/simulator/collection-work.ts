import type { SmsGateways } from '../integrations/index.js';
import type { Database } from '../plugins/db.js';
import { AppError } from '../shared/app-error.js';
import type { Clock } from '../shared/clock.js';
import { indiaDateOf } from '../shared/india-date.js';
import {
  findRoleByName,
  insertStaffUser,
  replaceUserRoles,
  staffIdsByEmail,
} from '../modules/user/index.js';
import { outstandingTotalsOf } from '../modules/loan-book/index.js';
import {
  addCollector,
  addRecoveryGroup,
  hasRecoveryGroups,
  instalmentPlan,
  loadRecoverySettings,
  logFollowUp,
  openCasesWithCollector,
  type RecoveryDeps,
} from '../modules/recovery/index.js';
import { contactRulesOf, createSettingsService } from '../modules/ops-config/index.js';
import { addDays } from '@lending/lending';
import type { Prng } from './prng.js';

/** The demo collection floor: groups by stage, the demo collector Kabir and three colleagues. */
export async function setUpCollectionFloor(db: Database, at: Date): Promise<void> {
  if (await hasRecoveryGroups(db)) return;
  const role = await findRoleByName(db, 'Collector');
  const kabir = (await staffIdsByEmail(db, ['collector@example.com'])).get('collector@example.com');
  const extra = [];
  for (const [email, name] of [
    ['priya.collector@example.com', 'Priya Collector'],
    ['arjun.collector@example.com', 'Arjun Collector'],
    ['sana.precollector@example.com', 'Sana Precollector'],
  ] as const) {
    // The simulator's colleagues never sign in (no password).
    const user = await insertStaffUser(db, { email, name, passwordHash: '!', at });
    if (role) await replaceUserRoles(db, user.id, [role.id]);
    extra.push(user.id);
  }
  const group = (values: Parameters<typeof addRecoveryGroup>[1]) =>
    addRecoveryGroup(db, values, at);
  const early = await group({
    kind: 'collection',
    name: 'Early stage (1–7 days)',
    stages: ['S1'],
    dailyCap: 40,
    dispatchMode: 'leastLoaded',
    keepDays: 7,
    active: true,
  });
  const late = await group({
    kind: 'collection',
    name: 'Late stage (8+ days)',
    stages: ['S2', 'S3', 'S4', 'S5'],
    dailyCap: 30,
    dispatchMode: 'roundRobin',
    keepDays: 30,
    active: true,
  });
  const pre = await group({
    kind: 'pre',
    name: 'Reminders before due',
    stages: ['PRE'],
    dailyCap: 80,
    dispatchMode: 'ratio',
    keepDays: 4,
    active: true,
  });
  const members: [number | undefined, number][] = [
    [kabir, early],
    [extra[0], early],
    [extra[1], late],
    [extra[2], pre],
  ];
  for (const [userId, groupId] of members)
    if (userId) await addCollector(db, userId, { groupId, onDuty: true, weight: 1 }, at);
}

/**
 * The collectors' afternoon (17:00 India time, inside the contact hours): each works some of
 * their open cases: not connected, connected, or a promise (sometimes an instalment plan).
 */
export async function collectorsWork(
  deps: { db: Database; clock: Clock; sms: SmsGateways },
  prng: Prng,
): Promise<number> {
  // The demo floor keeps the conduct guard's rules as the operations settings hold them.
  const operations = createSettingsService({ db: deps.db, clock: deps.clock });
  const recovery: RecoveryDeps = {
    db: deps.db,
    rawDb: deps.db,
    clock: deps.clock,
    settings: loadRecoverySettings(),
    contactRules: () => contactRulesOf(operations),
    sms: deps.sms,
  };
  const today = indiaDateOf(deps.clock.now());
  const open = await openCasesWithCollector(deps.db);
  const owed = await outstandingTotalsOf(
    deps.db,
    open.map((c) => c.orderId),
  );
  let done = 0;
  const defer = async (work: () => Promise<void>) => void (await work());
  for (const c of open) {
    if (!prng.chance(0.6)) continue;
    const roll = prng.next();
    const amount = Math.max(100, Math.floor(Number(owed.get(c.orderId) ?? 0n) / 100) * 100);
    try {
      if (roll < 0.05 && amount >= 20_000) {
        const half = Math.floor(amount / 200) * 100;
        await instalmentPlan(recovery, c.collectorId!, {
          caseId: c.id,
          remarks: 'Borrower asked to pay in two parts',
          instalments: [
            { dueDate: addDays(today, 2), amountPaise: half },
            { dueDate: addDays(today, 9), amountPaise: amount - half },
          ],
        });
      } else {
        const result = roll < 0.4 ? 'notConnected' : roll < 0.7 ? 'connected' : 'promise';
        await logFollowUp(
          recovery,
          c.collectorId!,
          {
            caseId: c.id,
            channel: prng.pick(['call', 'call', 'call', 'sms', 'whatsapp'] as const),
            result,
            ...(result === 'promise'
              ? { promiseDate: addDays(today, prng.int(0, 3)), promisePaise: amount }
              : {}),
            remarks:
              result === 'promise'
                ? 'Promised to pay'
                : result === 'connected'
                  ? 'Spoke to the borrower'
                  : 'No answer',
          },
          (work) => void defer(work),
        );
      }
      done += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return done;
}
