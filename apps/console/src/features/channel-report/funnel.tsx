import type { FunnelFigures } from '@lending/contract';
import type { ColumnBuilders } from '../../components/list-page/columns';
import { formatShare } from '../../lib/format';
import type { Figure } from './report-parts';

/** The funnel's steps in order, each with the share of the step before it. */
export const FUNNEL_STEPS = [
  { count: 'registrations', share: null },
  { count: 'kycCompleted', share: 'kycRate' },
  { count: 'applied', share: 'applyRate' },
  { count: 'machinePassed', share: 'machinePassRate' },
  { count: 'approved', share: 'approveRate' },
  { count: 'disbursed', share: 'disburseRate' },
] as const satisfies readonly {
  count: keyof FunnelFigures;
  share: keyof FunnelFigures | null;
}[];

/** The columns of a funnel row: each step's count and share, then the whole funnel's. */
export function funnelColumns<Row extends FunnelFigures>(column: ColumnBuilders<Row>) {
  return [
    ...FUNNEL_STEPS.flatMap((step) => [
      // The field is a funnel step: every row type here extends FunnelFigures.
      column.count(step.count as never, `channelReport.funnel.${step.count}`, {
        sortable: step.count === 'registrations',
      }),
      ...(step.share
        ? [
            // The field is a funnel share: every row type here extends FunnelFigures.
            column.share(step.share as never, `channelReport.funnel.${step.share}`),
          ]
        : []),
    ]),
    column.share('conversionRate' as never, 'channelReport.funnel.conversionRate', {
      sortable: true,
    }),
  ];
}

/** The funnel's totals over the filtered range. */
export function funnelFigures(totals: FunnelFigures | undefined): Figure[] {
  return [
    ...FUNNEL_STEPS.map((step) => ({
      label: `channelReport.funnel.${step.count}`,
      value: totals?.[step.count],
    })),
    {
      label: 'channelReport.funnel.conversionRate',
      value: totals ? formatShare(totals.conversionRate) : undefined,
    },
  ];
}
