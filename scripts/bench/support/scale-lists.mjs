// The scale bench's lists: every list call the console makes, read from the endpoint contract
// (packages/contract's adminEndpoints: a body made by listRequestSchema is a list), bar the
// reports (scale-reports.mjs measures those once each, against their own budget). For each:
// the first page, one filtered page (a representative filter of the list's own filter
// schema), page 50, and a search by order number and by phone where the list has those
// filters (n/a where it does not); one client alone, then 50 concurrent clients.
// Imported after tsx's register() (it imports the contract's TypeScript).
import { adminEndpoints, isListRequestSchema } from '../../../packages/contract/src/index.ts';
import { REPORT_IDS } from './scale-reports.mjs';
import { call, CLIENTS, load, median } from './scale-load.mjs';
import { matches, table } from './scale-table.mjs';

export const LIST_P99_MS = 50;

/**
 * Filters chosen by hand where the first value of the first choice filter would not be what
 * staff use most (the console's tabs and default filters).
 */
const REPRESENTATIVE = {
  'order.list': { status: 'OVERDUE' },
  'repay.plan_list': { status: 'OVERDUE' },
  'loan.wait_list': { bankAccount: 'verified' },
  'loan.record_list': { lendStatus: 'success' },
  'loan.flow_list': { status: 'processed' },
  'repay.record_list': { kind: 'renew' },
  'recovery.case_list': { stage: 'S2' },
  'approve.queue_list': { stage: 'first', state: 'wait' },
  'approve.decision_list': { stage: 'first', decision: 'pass' },
  'telemarketing.lead_list': { source: 'regNotLoan' },
  'wallet.withdrawal_list': { status: 'pending' },
  'sms.message_list': { status: 'failed' },
};

/** Which searched order (and its phone) each list should find: the overdue one by default. */
const TARGET = {
  'loan.wait_list': 'pending',
  'repay.record_list': 'cleared',
  'repay.excess_list': 'cleared',
  'approve.queue_list': 'review',
  'telemarketing.lead_list': 'lead',
  'telemarketing.call_list': 'lead',
  'order.reg_not_loan': 'lead',
  'wallet.withdrawal_list': 'inviter',
  'wallet.balance_list': 'inviter',
  'coupon.sent_list': 'lead',
};

/** The schema inside optional/nullable/default/pipe wrappers. */
function bare(schema) {
  let s = schema;
  for (let i = 0; i < 10 && s?.def; i += 1) {
    const { type } = s.def;
    if (type === 'optional' || type === 'nullable' || type === 'default' || type === 'readonly')
      s = s.def.innerType;
    else if (type === 'pipe') s = s.def.in?.def?.type === 'transform' ? s.def.out : s.def.in;
    else break;
  }
  return s;
}

/** The list's filter schema's fields, by name. */
function filterShape(endpoint) {
  const filters = bare(endpoint.body.shape.filters);
  return filters?.shape ?? {};
}

/** A representative filter: chosen by hand, else the list's first choice (enum or yes/no). */
function representativeFilter(endpoint, shape) {
  if (REPRESENTATIVE[endpoint.id]) return REPRESENTATIVE[endpoint.id];
  for (const [name, field] of Object.entries(shape)) {
    if (name === 'orderNo' || name === 'phone') continue;
    const s = bare(field);
    if (s?.def?.type === 'enum') return { [name]: s.options[0] };
    if (s?.def?.type === 'boolean') return { [name]: true };
  }
  return null;
}

/** Every list the console calls, with the bodies of its five measured calls. */
export function listCalls(targets) {
  const calls = [];
  for (const endpoint of adminEndpoints) {
    if (!isListRequestSchema(endpoint.body) || REPORT_IDS.has(endpoint.id)) continue;
    const shape = filterShape(endpoint);
    const target = targets[TARGET[endpoint.id] ?? 'overdue'];
    const filter = representativeFilter(endpoint, shape);
    calls.push({
      id: endpoint.id,
      path: endpoint.path,
      variants: [
        ['first page', { page: 1, pageSize: 20 }, null],
        ['filtered', filter && { page: 1, pageSize: 20, filters: filter }, 'no choice filter'],
        ['page 50', { page: 50, pageSize: 20 }, null],
        [
          'order no',
          'orderNo' in shape && {
            page: 1,
            pageSize: 20,
            filters: { orderNo: target.order_no ?? targets.overdue.order_no },
          },
          'no order no filter',
        ],
        [
          'phone',
          'phone' in shape && { page: 1, pageSize: 20, filters: { phone: target.phone } },
          'no phone filter',
        ],
      ],
    });
  }
  return calls;
}

/**
 * Measures each list call: five calls from one client (median), then `requests` calls from 50
 * concurrent clients (p50/p99), beside GET /health/live under the same load. A call slower
 * than a second alone is measured under load with one request per client only, to keep the
 * run bounded (the p99 is then the slowest of 50).
 */
export async function measureLists({ base, token, targets, requests, only }) {
  const live = await load(base, null, { path: '/health/live', method: 'GET' }, requests);
  console.log(
    `  baseline GET /health/live, ${CLIENTS} clients: p50 ${live.p50.toFixed(1)} ms, p99 ${live.p99.toFixed(1)} ms`,
  );
  table.push({
    label: 'baseline GET /health/live',
    figure: `${live.p50.toFixed(0)} / ${live.p99.toFixed(0)} ms`,
    budget: `p99 ≤ ${LIST_P99_MS} ms`,
    ratio: 1,
    met: live.p99 <= LIST_P99_MS,
  });
  const results = [];
  for (const list of listCalls(targets)) {
    if (!matches(only, list.id, list.path)) continue;
    for (const [variant, body, missing] of list.variants) {
      const label = `${list.id}: ${variant}`;
      if (!body) {
        table.push({ label, figure: `n/a (${missing})`, budget: `p99 ≤ ${LIST_P99_MS} ms` });
        continue;
      }
      const alone = [];
      let answer;
      for (let i = 0; i < 5; i += 1) {
        const t = performance.now();
        answer = await call(base, token, list.path, body);
        alone.push(performance.now() - t);
      }
      const single = median(alone);
      if (answer.code !== 0) {
        console.log(`  ${label.padEnd(48)} error ${answer.code} ${answer.msg}`);
        table.push({ label, figure: `error ${answer.code}`, budget: `p99 ≤ ${LIST_P99_MS} ms` });
        continue;
      }
      const n = single > 1000 ? CLIENTS : requests;
      const r = await load(base, token, { path: `/admin-api${list.path}`, body }, n);
      const met = r.p99 <= LIST_P99_MS && r.failures === 0;
      const total = `${answer.ret.totalIsEstimate ? '~' : ''}${answer.ret.total}`;
      console.log(
        `  ${label.padEnd(48)} alone ${single.toFixed(1).padStart(7)} ms | ${CLIENTS} clients p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  (${met ? 'met' : 'OVER'}; ${(r.p99 / live.p99).toFixed(1)}× baseline; total ${total})${r.failures ? `  ${r.failures} failed: ${r.lastError}` : ''}`,
      );
      results.push({ label, single, p50: r.p50, p99: r.p99, total });
      table.push({
        label,
        figure: `${single.toFixed(0)} | ${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} ms`,
        budget: `p99 ≤ ${LIST_P99_MS} ms`,
        ratio: r.p99 / live.p99,
        met,
      });
    }
  }
  return results;
}

/** The orders (and phones) the searches look for: deep in the book, one per kind of list. */
export async function searchTargets(client, orders) {
  const one = async (sql) =>
    (await client.query(sql)).rows[0] ?? { order_no: 'LN0', phone: '9999999999' };
  return {
    overdue:
      await one(`select o.order_no, c.phone from loan_orders o join customers c on c.id = o.customer_id
      where o.status = 'OVERDUE' and o.id > ${Math.floor(orders * 0.8)} order by o.id limit 1`),
    pending:
      await one(`select o.order_no, c.phone from loan_orders o join customers c on c.id = o.customer_id
      where o.status = 'PENDING_DISBURSEMENT' order by o.id desc limit 1`),
    cleared:
      await one(`select o.order_no, c.phone from loan_orders o join customers c on c.id = o.customer_id
      where o.status = 'CLEARED' order by o.id desc limit 1`),
    review:
      await one(`select o.order_no, c.phone from loan_orders o join customers c on c.id = o.customer_id
      where o.status = 'FIRST_REVIEW' order by o.id desc limit 1`),
    lead: await one(
      `select null as order_no, phone from telemarketing_leads order by id desc limit 1`,
    ),
    inviter:
      await one(`select null as order_no, c.phone from wallet_withdrawals w join customers c on c.id = w.customer_id
      order by w.id desc limit 1`),
  };
}
