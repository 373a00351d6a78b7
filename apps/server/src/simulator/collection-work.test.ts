import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../plugins/db.js';
import { startOfIndiaDate } from '../shared/india-date.js';
import { queryRows } from '../shared/sql-rows.js';
import { seedLikeFirstStart, simulate } from './run-simulation.js';

/*
 * On the embedded database only: the file opens an in-memory PGlite of its own whatever
 * DATABASE_URL says, so in the PostgreSQL stage it would repeat the embedded run's minute of
 * simulation and check nothing more. The simulator on PostgreSQL is demo-book.test.ts's.
 */
describe.skipIf(process.env.DATABASE_URL)('the demo book’s floors', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
    await handle.migrate();
    await seedLikeFirstStart(handle.db, startOfIndiaDate('2025-03-01'));
    await simulate({ borrowers: 60, days: 40, seed: 3, startDate: '2025-03-01', db: handle.db });
  }, 600_000);
  afterAll(() => handle.close());

  describe('the demo book’s collection floor', () => {
    it('has groups, collectors (Kabir among them), dispatched cases, follow-ups and promises', async () => {
      const [row] = await queryRows(
        handle.db,
        sql`select
          (select count(*)::int from recovery_groups) as groups,
          (select count(*)::int from recovery_collectors rc join staff_users s on s.id = rc.user_id where s.email = 'collector@example.com') as kabir,
          (select count(*)::int from recovery_cases where kind = 'collection') as collection,
          (select count(*)::int from recovery_cases where kind = 'pre') as pre,
          (select count(*)::int from recovery_cases where collector_id is not null) as dispatched,
          (select count(*)::int from recovery_cases where status = 'finished') as finished,
          (select count(*)::int from recovery_follow_ups) as follow_ups,
          (select count(*)::int from recovery_promises) as promises`,
      );
      expect(row).toMatchObject({ groups: 3, kabir: 1 });
      for (const key of ['collection', 'pre', 'dispatched', 'finished', 'follow_ups', 'promises'])
        expect(Number(row![key]), key).toBeGreaterThan(0);
    });
  });

  describe('the demo book’s telemarketing floor', () => {
    it('has a call list assigned to Tara and Sunil, their calls, and converted users', async () => {
      const [row] = await queryRows(
        handle.db,
        sql`select
          (select count(*)::int from telemarketing_leads) as leads,
          (select count(distinct l.telemarketer_id)::int from telemarketing_leads l join staff_users s on s.id = l.telemarketer_id
            where s.email in ('telemarketer@example.com', 'sunil@example.com')) as telemarketers,
          (select count(*)::int from telemarketing_leads where telemarketer_id is null) as unassigned,
          (select count(*)::int from telemarketing_calls) as calls,
          (select count(distinct outcome)::int from telemarketing_calls) as outcomes,
          (select count(*)::int from telemarketing_calls where extract(hour from at at time zone 'Asia/Kolkata') not between 8 and 18) as outside_hours,
          (select count(*)::int from telemarketing_leads l join borrower_accounts ba on ba.id = l.borrower_account_id
            join loan_orders o on o.customer_id = coalesce(l.customer_id, ba.customer_id) and o.applied_at >= l.assigned_at) as applied`,
      );
      expect(row).toMatchObject({ telemarketers: 2, outcomes: 3, outside_hours: 0 });
      for (const key of ['leads', 'unassigned', 'calls', 'applied'])
        expect(Number(row![key]), key).toBeGreaterThan(0);
    });
  });

  describe('the demo book’s verification desk', () => {
    it('has passed and failed verification calls on orders in review, inside the calling hours', async () => {
      const [row] = await queryRows(
        handle.db,
        sql`select
          (select count(*)::int from verification_checks where result = 'passed') as passed,
          (select count(*)::int from verification_checks where result = 'failed') as failed,
          (select count(*)::int from verification_checks v join staff_users s on s.id = v.checked_by
            where s.email not in ('telemarketer@example.com', 'sunil@example.com')) as others,
          (select count(*)::int from verification_checks
            where extract(hour from at at time zone 'Asia/Kolkata') not between 8 and 18) as outside_hours,
          (select count(*)::int from loan_orders o where o.status in ('FIRST_REVIEW', 'FINAL_REVIEW')
            and not exists (select 1 from verification_checks v where v.order_id = o.id)) as not_checked,
          (select count(*)::int from (select order_id from verification_checks
            group by order_id having count(*) > 1) again) as called_again`,
      );
      expect(row).toMatchObject({ others: 0, outside_hours: 0 });
      for (const key of ['passed', 'failed', 'called_again'])
        expect(Number(row![key]), key).toBeGreaterThan(0);
    });
  });
});
