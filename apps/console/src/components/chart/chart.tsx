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
    if (state === 'ready') chart.current?.setOption(option, { notMerge: true });
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
