// The scale bench's export: the order list's background export of about EXPORT_ROWS orders
// (a window of the newest application days), its time and the peak RSS above idle.
import { call } from './scale-load.mjs';
import { fmt, table } from './scale-table.mjs';

const EXPORT_ROWS = 100_000;
const EXPORT_RSS_MB = 300;
const EXPORT_WAIT_S = Number(process.env.BENCH_EXPORT_WAIT_S ?? 600);

export async function measureExport({ base, token, client }) {
  // A window of application days holding about EXPORT_ROWS orders (all of them when fewer).
  const days = (
    await client.query(`select (applied_at at time zone 'Asia/Kolkata')::date::text as day, count(*)::int as n
    from loan_orders group by 1 order by 1 desc`)
  ).rows;
  let rows = 0;
  let from = days[0].day;
  for (const d of days) {
    if (rows >= EXPORT_ROWS) break;
    rows += d.n;
    from = d.day;
  }
  const filters = { appliedFrom: from, appliedTo: days[0].day };
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t0 = performance.now();
  const started = await call(base, token, '/export/start', {
    endpoint: 'order.list',
    route: 'orderList',
    title: 'Orders',
    filters,
    columns: [
      { field: 'orderNo', header: 'Order no', kind: 'text' },
      { field: 'customerName', header: 'Customer', kind: 'text' },
      { field: 'phone', header: 'Phone', kind: 'text' },
      { field: 'principalPaise', header: 'Principal', kind: 'money' },
      { field: 'status', header: 'Status', kind: 'text' },
      { field: 'appliedAt', header: 'Applied', kind: 'instant' },
      { field: 'dueDate', header: 'Due', kind: 'date' },
      { field: 'overdueDays', header: 'Overdue days', kind: 'count' },
    ],
  });
  if (started.code !== 0) {
    clearInterval(sampler);
    table.push({ label: 'export', figure: `error ${started.code} ${started.msg}`, budget: '' });
    console.log(`  export refused: ${started.code} ${started.msg}`);
    return;
  }
  // Waits at most EXPORT_WAIT_S: the export pages through the list 100 rows at a time, and
  // on a big book that can take far longer than the rest of the benchmark.
  let job;
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const answer = await call(base, token, '/export/list', { page: 1, pageSize: 5 });
    job = answer.ret.list.find((j) => j.id === started.ret.id);
    if (!job || ['done', 'failed', 'expired'].includes(job.status)) break;
    if (performance.now() - t0 > EXPORT_WAIT_S * 1000) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const aboveMb = (peak - idle) / 1024 / 1024;
  console.log(
    `  export of ${fmt(job?.rowsWritten ?? 0)} order rows (applied ${from}..${days[0].day}): ${job?.status} in ${seconds.toFixed(1)} s, ${fmt((job?.rowsWritten ?? 0) / seconds)} rows/s, ${((job?.sizeBytes ?? 0) / 1048576).toFixed(1)} MB; peak RSS ${(peak / 1048576).toFixed(0)} MB, ${aboveMb.toFixed(0)} MB above idle (budget ≤ ${EXPORT_RSS_MB} MB)${job?.error ? `; error ${job.error}` : ''}`,
  );
  table.push({
    label: `export ${fmt(job?.rowsWritten ?? 0)} rows: time`,
    figure:
      job?.status === 'done'
        ? `${seconds.toFixed(1)} s`
        : `${job?.status} after ${seconds.toFixed(0)} s`,
    budget: 'none set',
  });
  table.push({
    label: 'export: peak RSS above idle',
    figure: `${aboveMb.toFixed(0)} MB`,
    budget: `≤ ${EXPORT_RSS_MB} MB`,
    met: aboveMb <= EXPORT_RSS_MB && job?.status === 'done',
  });
}
