import { Card, Col, Empty, Row, Skeleton, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { riskApi } from '@lending/contract';
import { Chart } from '../../../components/chart/chart';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { IndiaRangePicker } from '../components/range-picker';

type Field = NonNullable<ReturnType<typeof useStatistics>['data']>['fields'][number];

function useStatistics(dateFrom?: string, dateTo?: string) {
  return useEndpointQuery(riskApi.riskDataStatistics, {
    ...(dateFrom ? { dateFrom } : {}),
    ...(dateTo ? { dateTo } : {}),
  });
}

function FieldCard({ field }: { field: Field }) {
  const { t } = useTranslation();
  const name = t(`risk.fields.${field.field}`);
  const option = {
    tooltip: { trigger: 'axis' },
    legend: {},
    grid: { left: 48, right: 16, bottom: 48 },
    xAxis: {
      type: 'category',
      data: field.buckets.map((b) => b.bucket),
      axisLabel: { rotate: 30 },
    },
    yAxis: { type: 'value' },
    series: [
      {
        name: t('risk.analysis.applications'),
        type: 'bar',
        data: field.buckets.map((b) => b.applications),
      },
      {
        name: t('risk.analysis.approvals'),
        type: 'bar',
        data: field.buckets.map((b) => b.approvals),
      },
      { name: t('risk.analysis.overdue'), type: 'bar', data: field.buckets.map((b) => b.overdue) },
    ],
  };
  return (
    <Card title={name} size="small">
      <Chart option={option} label={t('risk.analysis.statsLabel', { field: name })} height={260} />
      <Table
        rowKey="bucket"
        size="small"
        pagination={false}
        dataSource={field.buckets}
        columns={[
          { key: 'bucket', title: t('risk.analysis.bucket'), dataIndex: 'bucket' },
          {
            key: 'applications',
            title: t('risk.analysis.applications'),
            dataIndex: 'applications',
            align: 'end',
          },
          {
            key: 'approvals',
            title: t('risk.analysis.approvals'),
            dataIndex: 'approvals',
            align: 'end',
          },
          { key: 'overdue', title: t('risk.analysis.overdue'), dataIndex: 'overdue', align: 'end' },
        ]}
      />
    </Card>
  );
}

/**
 * /risk/dataStatistics: distributions of the fields the rules read (age, income,
 * region, device, new/old customer, bureau score where present) for applications, approvals
 * and loans that went overdue later, each as a chart with its figures beside it.
 */
export function DataStatisticsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const dateFrom = params.get('dateFrom') ?? undefined;
  const dateTo = params.get('dateTo') ?? undefined;
  const stats = useStatistics(dateFrom, dateTo);
  const empty = stats.data && stats.data.fields.every((f) => f.buckets.length === 0);
  return (
    <Card title={<h1 className="page-heading">{t('route.dataStatistics')}</h1>}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Space>
          <IndiaRangePicker
            from={dateFrom}
            to={dateTo}
            onChange={(from, to) => {
              const next = new URLSearchParams();
              if (from) next.set('dateFrom', from);
              if (to) next.set('dateTo', to);
              setParams(next);
            }}
          />
          {stats.data ? (
            <Typography.Text type="secondary">{`${stats.data.dateFrom} – ${stats.data.dateTo}`}</Typography.Text>
          ) : null}
        </Space>
        {!stats.data ? (
          <Skeleton active />
        ) : empty ? (
          <Empty description={t('risk.analysis.noData')} />
        ) : (
          <Row gutter={[16, 16]}>
            {stats.data.fields.map((field) => (
              <Col key={field.field} xs={24} xl={12}>
                <FieldCard field={field} />
              </Col>
            ))}
          </Row>
        )}
      </Space>
    </Card>
  );
}
