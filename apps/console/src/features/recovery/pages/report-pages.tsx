import { Card, DatePicker, Radio, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CaseKind, type PerformanceRow, recoveryApi } from '@lending/contract';
import { Chart } from '../../../components/chart/chart';
import { formatPaise } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { ppmText } from '../recovery-tags';

function Heading({ route }: { route: string }) {
  const { t } = useTranslation();
  return <h1 className="page-heading">{t(`route.${route}`)}</h1>;
}

/** collectionDailyProcess / preDailyProcess: per collector and group for a day. */
function dailyPage(route: string, kind: CaseKind) {
  function DailyProcessPage() {
    const { t } = useTranslation();
    const [date, setDate] = useState<string | undefined>(undefined);
    const query = useEndpointQuery(recoveryApi.dailyProcess, { kind, ...(date ? { date } : {}) });
    const n = (key: string) => ({
      title: t(`collection.daily.${key}`),
      dataIndex: key,
      align: 'right' as const,
    });
    return (
      <Card title={<Heading route={route} />} variant="borderless">
        <Space style={{ marginBottom: 16 }}>
          <DatePicker
            value={date ? dayjs(date) : null}
            onChange={(d) => setDate(d ? d.format('YYYY-MM-DD') : undefined)}
            placeholder={query.data?.date}
          />
        </Space>
        <Table
          rowKey="id"
          size="small"
          loading={query.isLoading}
          pagination={false}
          dataSource={query.data?.list ?? []}
          rowClassName={(row) => (row.collectorId === null ? 'list-total-row' : '')}
          columns={[
            { title: t('collection.group.name'), dataIndex: 'groupName' },
            {
              title: t('collection.collectorName'),
              dataIndex: 'collectorName',
              render: (v: string | null) =>
                v ?? <strong>{t('collection.daily.groupTotal')}</strong>,
            },
            n('held'),
            n('newCases'),
            n('contacted'),
            n('connected'),
            n('promises'),
            n('promisesKept'),
            { ...n('recoveredPaise'), render: (v: number) => formatPaise(v) },
            n('cleared'),
            n('refused'),
          ]}
        />
      </Card>
    );
  }
  return DailyProcessPage;
}

export const CollectionDailyProcessPage = dailyPage('collectionDailyProcess', 'collection');
export const PreDailyProcessPage = dailyPage('preDailyProcess', 'pre');

type By = 'collector' | 'group' | 'stage' | 'month';

/** summaryCollectinOrders / performance: rates by collector, group, stage or month, chart and table (performance2 is the stage flow). */
function performancePage(route: string, kind: CaseKind, initial: By) {
  function PerformancePage() {
    const { t } = useTranslation();
    const [by, setBy] = useState<By>(initial);
    const query = useEndpointQuery(recoveryApi.performance, { kind, by });
    const rows: PerformanceRow[] = useMemo(
      () =>
        query.data
          ? [...query.data.list, { ...query.data.total, label: t('collection.perf.total') }]
          : [],
      [query.data, t],
    );
    const list = useMemo(() => query.data?.list ?? [], [query.data]);
    const pct = (v: number | null) => (v === null ? null : Number((v / 10_000).toFixed(2)));
    const option = useMemo(
      () => ({
        tooltip: { trigger: 'axis' },
        legend: {},
        xAxis: { type: 'category', data: list.map((r) => r.label) },
        yAxis: { type: 'value', axisLabel: { formatter: '{value} %' } },
        series: [
          {
            name: t('collection.perf.amountRate'),
            type: 'bar',
            data: list.map((r) => pct(r.amountRatePpm)),
          },
          {
            name: t('collection.perf.countRate'),
            type: 'bar',
            data: list.map((r) => pct(r.countRatePpm)),
          },
          {
            name: t('collection.perf.promiseKept'),
            type: 'line',
            data: list.map((r) => pct(r.promiseKeptPpm)),
          },
          {
            name: t('collection.perf.contactRate'),
            type: 'line',
            data: list.map((r) => pct(r.contactRatePpm)),
          },
        ],
      }),
      [list, t],
    );
    const rate = (key: keyof PerformanceRow) => ({
      title: t(`collection.perf.${key}`),
      dataIndex: key,
      align: 'right' as const,
      render: (v: number | null) => ppmText(v),
    });
    const count = (key: keyof PerformanceRow) => ({
      title: t(`collection.perf.${key}`),
      dataIndex: key,
      align: 'right' as const,
    });
    return (
      <Card title={<Heading route={route} />} variant="borderless">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Radio.Group
            value={by}
            onChange={(e) => setBy(e.target.value as By)}
            options={(['collector', 'group', 'stage', 'month'] as const).map((b) => ({
              value: b,
              label: t(`collection.perf.by.${b}`),
            }))}
            optionType="button"
          />
          {list.length > 0 ? <Chart option={option} label={t(`route.${route}`)} /> : null}
          <Table
            rowKey="key"
            size="small"
            loading={query.isLoading}
            pagination={false}
            dataSource={rows}
            columns={[
              { title: t(`collection.perf.by.${by}`), dataIndex: 'label' },
              count('cases'),
              count('recoveredCases'),
              rate('countRatePpm'),
              { ...count('owedPaise'), render: (v: number) => formatPaise(v) },
              { ...count('recoveredPaise'), render: (v: number) => formatPaise(v) },
              rate('amountRatePpm'),
              count('promises'),
              count('promisesKept'),
              rate('promiseKeptPpm'),
              count('contacted'),
              rate('contactRatePpm'),
              count('rolled'),
              rate('rollRatePpm'),
            ]}
          />
        </Space>
      </Card>
    );
  }
  return PerformancePage;
}

/** /precollection/performance: pre-collection by collector. */
export const PerformancePage = performancePage('performance', 'pre', 'collector');
/** /precollection/summaryCollectinOrders: collection summary by stage. */
export const SummaryCollectinOrdersPage = performancePage(
  'summaryCollectinOrders',
  'collection',
  'stage',
);
