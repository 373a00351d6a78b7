import { Card, DatePicker, Radio, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StageFlowRow, recoveryApi } from '@lending/contract';
import { Chart } from '../../../components/chart/chart';
import { formatPaise } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { ppmText } from '../recovery-tags';
import { FLOW_METRICS, trendSeries, type FlowMetric } from '../stage-flow';

/**
 * /collection/performance2: the stage flow (decision 0044), the month-by-month complement of
 * summaryCollectinOrders and performance (which cut all cases by collector, group, stage or
 * month opened): the cases entering each collection stage per month, how many rolled on to
 * the next, were repaid or are still there, and the money recovered against what was owed at
 * entry, with a trend chart of the chosen rate per stage.
 */
export function StageFlowPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[string, string] | null>(null);
  const [metric, setMetric] = useState<FlowMetric>('rollRatePpm');
  const query = useEndpointQuery(
    recoveryApi.stageFlow,
    range ? { monthFrom: range[0], monthTo: range[1] } : {},
  );
  const trend = useMemo(
    () => (query.data ? trendSeries(query.data, metric) : { months: [], series: [] }),
    [query.data, metric],
  );
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: {},
      xAxis: { type: 'category', data: trend.months },
      yAxis: { type: 'value', axisLabel: { formatter: '{value} %' } },
      series: trend.series.map((s) => ({ ...s, type: 'line', connectNulls: false })),
    }),
    [trend],
  );
  const rate = (key: keyof StageFlowRow) => ({
    title: t(`collection.flow.${key}`),
    dataIndex: key,
    align: 'right' as const,
    render: (v: number | null) => ppmText(v),
  });
  const count = (key: keyof StageFlowRow) => ({
    title: t(`collection.flow.${key}`),
    dataIndex: key,
    align: 'right' as const,
  });
  const money = (key: keyof StageFlowRow) => ({
    ...count(key),
    render: (v: number) => formatPaise(v),
  });
  const data = query.data;
  return (
    <Card title={<h1 className="page-heading">{t('route.performance2')}</h1>} variant="borderless">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('collection.flow.intro')}</Typography.Paragraph>
        <Space wrap>
          <DatePicker.RangePicker
            picker="month"
            aria-label={t('collection.flow.months')}
            value={
              range
                ? [dayjs(`${range[0]}-01`), dayjs(`${range[1]}-01`)]
                : data
                  ? [dayjs(`${data.monthFrom}-01`), dayjs(`${data.monthTo}-01`)]
                  : null
            }
            onChange={(values) =>
              setRange(
                values?.[0] && values[1]
                  ? [values[0].format('YYYY-MM'), values[1].format('YYYY-MM')]
                  : null,
              )
            }
          />
          <Radio.Group
            value={metric}
            onChange={(e) => setMetric(e.target.value as FlowMetric)}
            optionType="button"
            options={FLOW_METRICS.map((m) => ({ value: m, label: t(`collection.flow.${m}`) }))}
          />
        </Space>
        {trend.series.length > 0 ? (
          <Chart option={option} label={t('collection.flow.chart')} />
        ) : null}
        <Table
          rowKey="key"
          size="small"
          loading={query.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data?.list ?? []}
          columns={[
            { title: t('collection.flow.month'), dataIndex: 'month' },
            {
              title: t('collection.flow.stage'),
              dataIndex: 'stage',
              render: (stage: string, row: StageFlowRow) =>
                row.nextStage ? `${stage} → ${row.nextStage}` : stage,
            },
            count('entered'),
            count('rolled'),
            rate('rollRatePpm'),
            count('repaid'),
            rate('repaidRatePpm'),
            count('stillOpen'),
            money('owedPaise'),
            money('recoveredPaise'),
            rate('amountRatePpm'),
            count('contacted'),
            rate('contactRatePpm'),
            count('promises'),
            count('promisesKept'),
            rate('promiseKeptPpm'),
          ]}
        />
      </Space>
    </Card>
  );
}
