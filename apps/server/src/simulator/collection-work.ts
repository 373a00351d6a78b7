import { and, eq, sql } from 'drizzle-orm';
import { roles } from '../modules/user/roles.table.js';
import { staffUsers } from '../modules/user/tables.js';
import type { SmsGateways } from '../integrations/index.js';
import type { Database } from '../plugins/db.js';
import { AppError } from '../shared/app-error.js';
import type { Clock } from '../shared/clock.js';
import { indiaDateOf } from '../shared/india-date.js';
import { queryRows } from '../shared/sql-rows.js';
import { insertStaffUser, replaceUserRoles } from '../modules/user/staff-users.repository.js';
import { loadRecoverySettings } from '../modules/recovery/index.js';
import { contactRulesOf, createSettingsService } from '../modules/ops-config/index.js';
import { instalmentPlan, logFollowUp } from '../modules/recovery/follow-ups.service.js';
import type { RecoveryDeps } from '../modules/recovery/recovery.deps.js';
import {
  recoveryCases,
  recoveryCollectors,
  recoveryGroups,
} from '../modules/recovery/recovery.table.js';
import { addDays } from '@lending/lending';
import type { Prng } from './prng.js';

/** The demo collection floor: groups by stage, the demo collector Kabir and three colleagues. */
export async function setUpCollectionFloor(db: Database, at: Date): Promise<void> {
  if ((await db.select().from(recoveryGroups).limit(1)).length > 0) return;
  const [role] = await db.select().from(roles).where(eq(roles.name, 'Collector'));
  const [kabir] = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.email, 'collector@example.com'));
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
  const group = async (values: Omit<typeof recoveryGroups.$inferInsert, 'createdAt'>) => {
    const [row] = await db
      .insert(recoveryGroups)
      .values({ ...values, createdAt: at })
      .returning({ id: recoveryGroups.id });
    return row!.id;
  };
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
    [kabir?.id, early],
    [extra[0], early],
    [extra[1], late],
    [extra[2], pre],
  ];
  for (const [userId, groupId] of members)
    if (userId)
      await db
        .insert(recoveryCollectors)
        .values({ userId, groupId, onDuty: true, weight: 1, createdAt: at });
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
  const open = await deps.db
    .select({
      id: recoveryCases.id,
      collectorId: recoveryCases.collectorId,
      orderId: recoveryCases.orderId,
    })
    .from(recoveryCases)
    .where(and(eq(recoveryCases.status, 'open'), sql`${recoveryCases.collectorId} is not null`))
    .orderBy(recoveryCases.id);
  const owed = new Map<number, number>();
  if (open.length > 0)
    for (const r of await queryRows(
      deps.db,
      sql`select id, (outstanding_principal_paise + outstanding_interest_paise + outstanding_fee_paise + outstanding_gst_paise + outstanding_penal_paise)::text as owed
        from loan_orders where id in (${sql.join(
          open.map((c) => sql`${c.orderId}`),
          sql`, `,
        )})`,
    ))
      owed.set(Number(r.id), Number(r.owed));
  let done = 0;
  const defer = async (work: () => Promise<void>) => void (await work());
  for (const c of open) {
    if (!prng.chance(0.6)) continue;
    const roll = prng.next();
    const amount = Math.max(100, Math.floor((owed.get(c.orderId) ?? 0) / 100) * 100);
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
