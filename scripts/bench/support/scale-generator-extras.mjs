// The scale bench's book, beyond orders and their money (scale-generator.mjs): the rows every
// other console list reads, at the book's scale, in set-based SQL. Each table is filled only
// while it is empty, so a book kept by an older bench (BENCH_REUSE_SCHEMA) gains the tables
// added since without being built again.
//
// Money stays the engine's: a wallet reward, a withdrawal's hold and its payout are journals
// whose lines packages/lending's postingsFor wrote (one template each, repeated per row), and a
// wallet's figures are the sums of its rows (balance = rewarded - paid out - held). Review
// tasks, follow-ups, calls, coupons (issued, never used), SMS and the logs move no money.
import * as lending from '../../../packages/lending/src/index.ts';
import { phaseLog } from './scale-table.mjs';

/** Staff the bench adds: reviewers, collectors and telemarketers (ids looked up by email). */
const STAFF = 24;
const REWARD_PAISE = 5_000n;
const WITHDRAWAL_PAISE = 5_000n;

/** Fills each extra table that is still empty; answers the tables it filled. */
export async function generateExtras(client, { orders: N, customers: C, today }) {
  const YESTERDAY = lending.addDays(today, -1);
  const q = (text) => client.query(text);
  const isEmpty = async (table) =>
    (await q(`select not exists (select 1 from ${table}) as empty`)).rows[0].empty;
  const filled = [];
  const step = async (table, fn) => {
    if (!(await isEmpty(table))) return;
    await phaseLog(table, fn);
    filled.push(table);
  };
  const at = (dateSql, time = '10:00') => `((${dateSql}) + time '${time}') at time zone 'UTC'`;

  // Staff: users 1..STAFF of the bench, split in three desks of eight.
  if (await isEmpty(`staff_users where email like 'bench.staff.%'`)) {
    await q(`insert into staff_users (email, name, password_hash, language, status, created_at, updated_at)
      select 'bench.staff.' || s || '@example.com', 'Bench Staff ' || s, 'x', 'en', 'enabled', now(), now()
      from generate_series(1, ${STAFF}) s`);
  }
  const staff = (
    await q(
      `select array_agg(id order by id) as ids from staff_users where email like 'bench.staff.%'`,
    )
  ).rows[0].ids;
  const desk = (k) => `(array[${staff.slice(k * 8, k * 8 + 8).join(',')}])`;
  // A staff member of desk k for row number `n` (SQL): spreads rows evenly over the desk.
  const pickStaff = (k, n) => `${desk(k)}[1 + (${n}) % 8]`;

  await step('review_groups', async () => {
    await q(`insert into review_groups (name, stage, customer_type, daily_cap, active, created_at)
      values ('Bench first review', 'first', 'all', 500, true, now()),
             ('Bench final review', 'final', 'all', 500, true, now())`);
    await q(`insert into reviewers (user_id, group_id, on_duty, daily_cap, updated_at)
      select u, g.id, true, 500, now() from unnest(${desk(0)}) u
      cross join lateral (select id from review_groups where stage = case when u % 2 = 0 then 'first' else 'final' end
        and name like 'Bench%' limit 1) g`);
  });

  // A first review for every order the machine passed, a final one for those past it; open
  // (half of them assigned) for the orders waiting in a review queue, decided for the others.
  await step('review_tasks', () =>
    q(`insert into review_tasks (order_id, stage, reviewer_id, queued_at, assigned_at, assigned_by,
      decided_at, decided_by, decision, remarks)
    select o.id, st.stage,
      case when open and o.id % 2 = 0 then null else ${pickStaff(0, 'o.id')} end,
      o.machine_reviewed_at,
      case when open and o.id % 2 = 0 then null else o.machine_reviewed_at + interval '5 minutes' end,
      case when open and o.id % 2 = 0 then null else 'auto' end,
      case when open then null else o.machine_reviewed_at + interval '20 minutes' end,
      case when open then null else ${pickStaff(0, 'o.id')} end,
      case when open then null when o.status = 'REJECTED' then 'reject' else 'pass' end,
      case when open then null else 'bench' end
    from loan_orders o
    cross join lateral (values ('first', o.status = 'FIRST_REVIEW'), ('final', o.status = 'FINAL_REVIEW')) st(stage, open)
    where o.machine_result = 'pass'
      and (st.stage = 'first' or o.final_reviewed_at is not null or o.status = 'FINAL_REVIEW')`),
  );

  await step('risk_decisions', () =>
    q(`insert into risk_decisions (order_id, score, reject_below, pass_above, decision, features,
      product_id, customer_type, decided_at)
    select o.id, o.machine_score, 500, 800, o.machine_result, '{}'::jsonb, o.product_id,
      case when o.product_kind = 'first' then 'new' else 'old' end, o.machine_reviewed_at
    from loan_orders o where o.machine_result is not null`),
  );

  await step('verification_checks', () =>
    q(`insert into verification_checks (order_id, stage, items, result, notes, checked_by, india_date, at)
    select o.id, 'first', array['employment', 'identity'], case when o.id % 10 = 0 then 'failed' else 'passed' end,
      case when o.id % 10 = 0 then 'employer did not confirm' end, ${pickStaff(0, 'o.id')},
      (o.machine_reviewed_at at time zone 'Asia/Kolkata')::date, o.machine_reviewed_at + interval '10 minutes'
    from loan_orders o where o.machine_result = 'pass' and o.id % 3 = 0`),
  );

  // Collections: a group per kind, eight collectors, 70 % of the open cases dispatched, and
  // two contacts on each dispatched case.
  await step('recovery_groups', async () => {
    await q(`insert into recovery_groups (kind, name, stages, daily_cap, dispatch_mode, keep_days, active, created_at)
      values ('pre', 'Bench reminders', '["S0"]'::jsonb, 100000, 'leastLoaded', 3, true, now()),
             ('collection', 'Bench collections', '["S1","S2","S3"]'::jsonb, 100000, 'leastLoaded', 7, true, now())`);
    await q(`insert into recovery_collectors (user_id, group_id, on_duty, daily_cap, weight, created_at)
      select u, (select id from recovery_groups where name = case when u % 2 = 0 then 'Bench reminders' else 'Bench collections' end),
        true, 100000, 1, now() from unnest(${desk(1)}) u`);
    await q(`update recovery_cases c set collector_id = ${pickStaff(1, 'c.id')},
        group_id = (select id from recovery_groups g where g.kind = c.kind and g.name like 'Bench%'),
        assigned_at = c.opened_at + interval '1 hour',
        follow_status = (array['promise', 'connected', 'notConnected'])[1 + c.id % 3],
        last_contact_at = c.opened_at + interval '3 hours', follow_ups = 2
      where c.id % 10 < 7 and c.collector_id is null`);
  });
  await step('recovery_follow_ups', () =>
    q(`insert into recovery_follow_ups (case_id, collector_id, channel, result, remarks, india_date, at)
    select c.id, c.collector_id, 'call', case when k = 1 then 'notConnected' else c.follow_status end,
      'bench', (c.opened_at + k * interval '1 hour')::date, c.opened_at + k * interval '1 hour'
    from recovery_cases c cross join generate_series(1, 2) k where c.collector_id is not null`),
  );

  // The borrower app's accounts: one per customer, and a quarter as many more who registered
  // and never applied (the "registered, no loan" list and the telemarketing leads).
  const REG_ONLY = Math.floor(C / 4);
  await step('borrower_accounts', async () => {
    await q(`insert into borrower_accounts (phone, registration_date, registered_at, channel, customer_id,
      name, bank_verification, updated_at)
    select c.phone, c.registration_date, ${at('c.registration_date', '09:00')}, 'organic', c.id, c.name, 'verified', now()
    from customers c`);
    await q(`insert into borrower_accounts (phone, registration_date, registered_at, channel, bank_verification, updated_at)
    select (9000000000 + k)::text, date '${today}' - 1 - k % 180, ${at(`date '${today}' - 1 - k % 180`, '09:00')},
      case when k % 3 = 0 then 'organic' else 'partner' end, 'none', now()
    from generate_series(1, ${REG_ONLY}) k`);
  });

  // Leads: the registered-only accounts, and the customers whose last order cleared; half
  // assigned to a telemarketer, who called each once.
  await step('telemarketing_leads', () =>
    q(`insert into telemarketing_leads (phone, source, borrower_account_id, customer_id, since_date,
      telemarketer_id, assigned_at, assigned_date, assigned_by, created_at)
    select b.phone, case when b.customer_id is null then 'regNotLoan' else 'clearNotLoan' end, b.id, b.customer_id,
      b.registration_date,
      case when b.id % 2 = 0 then ${pickStaff(2, 'b.id')} end,
      case when b.id % 2 = 0 then b.registered_at + interval '1 day' end,
      case when b.id % 2 = 0 then b.registration_date + 1 end,
      case when b.id % 2 = 0 then ${staff[0]} end, b.registered_at
    from borrower_accounts b
    where b.customer_id is null or exists (select 1 from loan_orders o where o.customer_id = b.customer_id
      and o.status = 'CLEARED' and o.id > ${N - C})`),
  );
  await step('telemarketing_calls', async () => {
    await q(`insert into telemarketing_calls (lead_id, telemarketer_id, outcome, remarks, next_call_date, india_date, at, refused)
    select l.id, l.telemarketer_id, (array['promise', 'connected', 'notConnected'])[1 + l.id % 3], 'bench',
      l.assigned_date + 3, l.assigned_date, l.assigned_at + interval '2 hours', false
    from telemarketing_leads l where l.telemarketer_id is not null`);
    await q(`update telemarketing_leads l set calls = 1, last_outcome = (array['promise', 'connected', 'notConnected'])[1 + l.id % 3],
      last_call_at = l.assigned_at + interval '2 hours', next_call_date = l.assigned_date + 3
      where l.telemarketer_id is not null`);
  });

  // Coupons: twenty campaigns, each sent to a slice of the accounts; none used (a used coupon
  // moves money, which this book does not model).
  await step('coupons', async () => {
    await q(`insert into coupons (title, target, face_kind, amount_paise, total_number, sent_number, valid_days,
      threshold_paise, expires_on, status, created_at, updated_at)
    select 'Bench coupon ' || k, case when k % 2 = 0 then 'interest' else 'charges' end, 'amount', 5000, 1000000, 0, 30,
      0, date '${today}' + 30, case when k % 5 = 0 then 'unavailable' else 'available' end, now(), now()
    from generate_series(1, 20) k`);
    await q(`insert into coupon_batches (coupon_id, idempotency_key, filters, sent, sent_at)
      select id, 'bench:batch:' || id, '{}'::jsonb, 0, ${at(`date '${today}' - 20 + id % 20`)} from coupons`);
    await q(`insert into issued_coupons (coupon_id, batch_id, borrower_account_id, expires_on, status, sent_at)
    select bt.coupon_id, bt.id, b.id, (bt.sent_at at time zone 'Asia/Kolkata')::date + 30, 'unused', bt.sent_at
    from borrower_accounts b join coupon_batches bt on bt.coupon_id = (select min(id) from coupons) + b.id % 20
    where b.id % 2 = 0`);
    await q(`update coupons c set sent_number = n from (select coupon_id, count(*)::int n from issued_coupons group by 1) s
      where s.coupon_id = c.id`);
    await q(`update coupon_batches bt set sent = n from (select batch_id, count(*)::int n from issued_coupons group by 1) s
      where s.batch_id = bt.id`);
  });

  // Invitations: a fifth of the customers invited one other; the invitee borrowed, so half the
  // inviters were rewarded (a walletReward journal each). A third of the rewarded withdrew the
  // reward: paid (walletHold then walletPayout) or still pending (walletHold).
  await step('invitations', async () => {
    await q(`insert into wallets (customer_id, invite_code, balance_paise, held_paise, rewarded_paise, paid_out_paise, updated_at)
      select c.id, 'IV' || lpad(upper(to_hex(c.id)), 6, '0'), 0, 0, 0, 0, now() from customers c where c.id % 5 = 0`);
    await q(`insert into invitations (inviter_id, invitee_id, invite_code, invited_at)
      select w.customer_id, 1 + w.customer_id % ${C - 1} + case when 1 + w.customer_id % ${C - 1} >= w.customer_id then 1 else 0 end,
        w.invite_code, ${at(`date '${today}' - 1 - w.customer_id % 120`)}
      from wallets w`);
    await postTemplate(
      client,
      'walletReward',
      REWARD_PAISE,
      `select 'bench:reward:' || i.id as key,
      (i.invited_at at time zone 'Asia/Kolkata')::date + 7 as day from invitations i where i.id % 2 = 0`,
    );
    await q(`update invitations i set reward_paise = ${REWARD_PAISE}, rewarded_at = j.at, reward_journal_id = j.id
      from ledger_journals j where j.idempotency_key = 'bench:reward:' || i.id`);
  });
  await step('wallet_withdrawals', async () => {
    await q(`insert into wallet_withdrawals (customer_id, amount_paise, status, idempotency_key, bank_account_number, ifsc,
      requested_at, reviewed_by, reviewed_at, utr, settled_at)
    select i.inviter_id, ${WITHDRAWAL_PAISE}, case when i.id % 12 = 0 then 'pending' else 'paid' end,
      'bench:withdrawal:' || i.id, c.bank_account_number, c.ifsc, i.rewarded_at + interval '1 day',
      case when i.id % 12 = 0 then null else ${staff[0]} end,
      case when i.id % 12 = 0 then null else i.rewarded_at + interval '2 days' end,
      case when i.id % 12 = 0 then null else 'UTRW' || lpad(i.id::text, 10, '0') end,
      case when i.id % 12 = 0 then null else i.rewarded_at + interval '2 days' end
    from invitations i join customers c on c.id = i.inviter_id where i.reward_journal_id is not null and i.id % 6 = 0`);
    await postTemplate(
      client,
      'walletHold',
      WITHDRAWAL_PAISE,
      `select 'wallet:withdrawal:' || w.id || ':hold' as key,
      least((w.requested_at at time zone 'Asia/Kolkata')::date, date '${YESTERDAY}') as day from wallet_withdrawals w`,
    );
    await postTemplate(
      client,
      'walletPayout',
      WITHDRAWAL_PAISE,
      `select 'wallet:withdrawal:' || w.id || ':payout' as key,
      least((w.settled_at at time zone 'Asia/Kolkata')::date, date '${YESTERDAY}') as day from wallet_withdrawals w where w.status = 'paid'`,
    );
    await q(`update wallets w set rewarded_paise = s.rewarded, paid_out_paise = s.paid, held_paise = s.held,
        balance_paise = s.rewarded - s.paid - s.held
      from (select w2.customer_id,
          coalesce((select sum(reward_paise) from invitations i where i.inviter_id = w2.customer_id), 0) as rewarded,
          coalesce((select sum(amount_paise) from wallet_withdrawals x where x.customer_id = w2.customer_id and x.status = 'paid'), 0) as paid,
          coalesce((select sum(amount_paise) from wallet_withdrawals x where x.customer_id = w2.customer_id and x.status = 'pending'), 0) as held
        from wallets w2) s
      where s.customer_id = w.customer_id`);
  });

  // Messages: one SMS per order (its reminder) and a sign-in code for half of them.
  await step('sms_messages', () =>
    q(`insert into sms_messages (provider, provider_message_id, phone, template_id, status, created_at, updated_at)
    select 'sandbox', 'bench-' || o.id, c.phone, 'repayment_reminder',
      (array['delivered', 'delivered', 'delivered', 'sent', 'failed'])[1 + o.id % 5], o.applied_at, o.applied_at
    from loan_orders o join customers c on c.id = o.customer_id`),
  );
  await step('otp_requests', () =>
    q(`insert into otp_requests (phone, purpose, code_hash, requested_ip, template_id, created_at, expires_at, consumed_at)
    select c.phone, case when o.id % 4 = 0 then 'loanAcceptance' else 'login' end, 'x', '127.0.0.1', 'otp',
      o.applied_at - interval '2 minutes', o.applied_at + interval '3 minutes', o.applied_at - interval '1 minute'
    from loan_orders o join customers c on c.id = o.customer_id where o.id % 2 = 0`),
  );

  // Offline repayments waiting for review or refused (an accepted one would be a repayment).
  await step('offline_repayments', () =>
    q(`insert into offline_repayments (order_id, channel, amount_paise, value_date, bank_reference, status,
      record_key, recorded_by, recorded_at, reviewed_by, reviewed_at, review_reason)
    select o.id, 'bankTransfer', 100000, date '${YESTERDAY}' - o.id % 30, 'NEFT' || lpad(o.id::text, 10, '0'),
      case when o.id % 3 = 0 then 'invalid' else 'pending' end, 'bench:offline:' || o.id, ${staff[0]},
      ${at(`date '${YESTERDAY}' - o.id % 30`)},
      case when o.id % 3 = 0 then ${staff[1]} end,
      case when o.id % 3 = 0 then ${at(`date '${YESTERDAY}' - o.id % 30`, '12:00')} end,
      case when o.id % 3 = 0 then 'no such credit' end
    from loan_orders o where o.status in ('OVERDUE', 'DUE') and o.id % 20 = 0`),
  );

  // A tenth of the overdue orders (the id's hundreds: its last two digits pick the status).
  await step('waiver_requests', () =>
    q(`insert into waiver_requests (order_id, idempotency_key, amount_paise, reason, requested_by, requested_at, status, kind)
    select o.id, 'bench:waiver:' || o.id, o.outstanding_penal_paise, 'hardship', ${staff[8]},
      ${at(`date '${YESTERDAY}'`)}, 'pending', 'waiver'
    from loan_orders o where o.status = 'OVERDUE' and o.outstanding_penal_paise > 0
      and (o.id / 100) % 10 = 0`),
  );

  await step('risk_blacklist', () =>
    q(`insert into risk_blacklist (kind, value, reason, source, added_by, added_at)
    select 'phone', (6000000000 + k)::text, 'fraud ring', case when k % 2 = 0 then 'manual' else 'fraud' end, ${staff[0]},
      ${at(`date '${today}' - 1 - k % 365`)}
    from generate_series(1, ${Math.max(1, Math.floor(C / 50))}) k`),
  );

  // The logs: an operation per order (a review, a payout, a note) and a sign-in per 20 orders.
  await step('audit_events', () =>
    q(`insert into audit_events (actor_id, action, target_type, target_id, at, interface_id, module, actor_name, summary)
    select ${pickStaff(0, 'o.id')}, 'review', 'order', o.id::text, o.applied_at + interval '20 minutes',
      'approve.decide', 'approve', 'Bench Staff', 'reviewed'
    from loan_orders o`),
  );
  await step('login_attempts', () =>
    q(`insert into login_attempts (email, user_id, success, failure_reason, ip, at)
    select 'bench.staff.' || (1 + k % ${STAFF}) || '@example.com', ${pickStaff(0, 'k')}, k % 10 <> 0,
      case when k % 10 = 0 then 'bad_password' end, '10.0.0.' || (k % 250), ${at(`date '${today}' - 1 - k % 365`, '04:00')}
    from generate_series(1, ${Math.max(1, Math.floor(N / 20))}) k`),
  );
  return filled;
}

/**
 * One journal per row of `keysSql` (columns key, day), each with the lines the engine posts
 * for `{type, amount}`: the template is computed once here and repeated in SQL.
 */
async function postTemplate(client, type, amount, keysSql) {
  const journal = lending.postingsFor({ type, amount });
  if (!lending.isBalanced(journal)) throw new Error(`unbalanced ${type} template`);
  await client.query(`insert into ledger_journals (order_id, event_type, idempotency_key, business_date, at, value_date)
    select null, '${journal.event}', k.key, k.day, (k.day + time '12:00') at time zone 'UTC', k.day from (${keysSql}) k`);
  const lines = journal.lines
    .filter((l) => l.amount !== 0n)
    .map((l) => `('${l.account}', ${l.component ? `'${l.component}'` : 'null'}, ${l.amount})`)
    .join(', ');
  await client.query(`insert into ledger_entries (journal_id, account, component, amount_paise)
    select j.id, l.account, l.component, l.amount from ledger_journals j
    cross join (values ${lines}) l(account, component, amount)
    where j.idempotency_key in (select key from (${keysSql}) k)`);
}
