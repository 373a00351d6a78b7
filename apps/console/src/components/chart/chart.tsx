import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

type ECharts = Awaited<ReturnType<typeof loadECharts>>;

/**
 * ECharts is about a megabyte: it is imported with the first chart a page draws, never with
 * the shell. Only the chart kinds and components the reports use are registered, and the SVG
 * renderer is used (crisp at any zoom, and it works without a canvas in tests).
 */
let loading: Promise<typeof import('echarts/core')> | undefined;
async function loadECharts() {
  loading ??= (async () => {
    const [core, charts, components, renderers] = await Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/renderers'),
    ]);
    core.use([
      charts.BarChart,
      charts.LineChart,
      charts.PieChart,
      charts.FunnelChart,
      components.GridComponent,
      components.TooltipComponent,
      components.LegendComponent,
      components.DatasetComponent,
      components.TitleComponent,
      renderers.SVGRenderer,
    ]);
    return core;
  })();
  return loading;
}

/**
 * Every chart's legend sits above its plot, scrolling when it is long. ECharts 6 puts the
 * legend at the bottom by default, where it lay over the date labels of the reports' tight
 * grids (seen on the cash flow and channel charts). A chart with axes gets room for it on top
 * unless its grid says otherwise; a chart without a legend is left as it is.
 */
export function withLegendOnTop(option: EChartsCoreOption): EChartsCoreOption {
  const legend = option.legend;
  if (!legend || Array.isArray(legend)) return option;
  const grid = option.grid;
  const hasAxes = option.xAxis !== undefined || option.yAxis !== undefined;
  return {
    ...option,
    legend: { top: 0, type: 'scroll', ...(legend as object) },
    ...(hasAxes && !Array.isArray(grid) ? { grid: { top: 40, ...(grid as object) } } : {}),
  };
}

export interface ChartProps {
  /** The ECharts option; a new object redraws the chart. */
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers (the figures are in the table beside it). */
  label: string;
  height?: number;
}

/** One chart, drawn by ECharts once it has loaded, resized with its container. */
export function Chart({ option, label, height = 320 }: ChartProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<ECharts['init']> | undefined>(undefined);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    loadECharts().then(
      (echarts) => {
        if (disposed || !element.current) return;
        chart.current = echarts.init(element.current, undefined, { renderer: 'svg' });
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart.current?.resize());
          observer.observe(element.current);
        }
        setState('ready');
      },
      () => !disposed && setState('failed'),
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    if (state === 'ready') chart.current?.setOption(withLegendOnTop(option), { notMerge: true });
  }, [option, state]);

  return (
    <div role="img" aria-label={label} style={{ position: 'relative', height }}>
      {state === 'loading' && <Skeleton active paragraph={{ rows: 4 }} />}
      {state === 'failed' && <Alert type="warning" showIcon message={t('chart.failed')} />}
      <div
        ref={element}
        style={{ height, width: '100%', display: state === 'ready' ? 'block' : 'none' }}
      />
    </div>
  );
}
