import type { StageFlowRet, StageFlowRow } from '@lending/contract';

/** The rates the stage-flow trend can draw, each a ppm field of a row. */
export const FLOW_METRICS = [
  'rollRatePpm',
  'amountRatePpm',
  'repaidRatePpm',
  'contactRatePpm',
  'promiseKeptPpm',
] as const;
export type FlowMetric = (typeof FLOW_METRICS)[number];

export interface TrendSeries {
  /** The stage, or `S1 → S2` for a roll rate. */
  name: string;
  /** One value per month, a percentage with two decimals; null where the stage had no entries. */
  data: (number | null)[];
}

/**
 * The trend chart's lines: one per stage, a point per month of the range's rows. A roll rate
 * is drawn only for stages that have a next one (the last stage cannot roll).
 */
export function trendSeries(
  flow: Pick<StageFlowRet, 'stages' | 'list'>,
  metric: FlowMetric,
): { months: string[]; series: TrendSeries[] } {
  const months = [...new Set(flow.list.map((r) => r.month))].sort();
  const seen = new Set(flow.list.map((r) => r.stage));
  const stages = [
    ...flow.stages.filter((s) => seen.has(s)),
    ...[...seen].filter((s) => !flow.stages.includes(s)).sort(),
  ];
  const cell = new Map(flow.list.map((r) => [`${r.month}:${r.stage}`, r] as const));
  const series: TrendSeries[] = [];
  for (const stage of stages) {
    const rows = months.map((m) => cell.get(`${m}:${stage}`));
    const next = rows.find((r): r is StageFlowRow => r !== undefined)?.nextStage ?? null;
    if (metric === 'rollRatePpm' && next === null) continue;
    series.push({
      name: metric === 'rollRatePpm' ? `${stage} → ${next}` : stage,
      data: rows.map((r) =>
        r && r[metric] !== null ? Number((r[metric] / 10_000).toFixed(2)) : null,
      ),
    });
  }
  return { months, series };
}
