import { Card, Empty, Skeleton, Space, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { riskApi } from '@lending/contract';
import { Chart } from '../../../components/chart/chart';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { IndiaRangePicker } from '../components/range-picker';
import { percentOf } from '../risk-tags';

const pct = (ppm: number | null) => (ppm === null ? null : Number((ppm / 10_000).toFixed(2)));

/**
 * Hidden /risk/singleRiskRuleAnalysis: one rule over time: hit rate, pass rate of its
 * hits, and first payment default of disbursed loans that hit it against those that did not.
 */
export function SingleRiskRuleAnalysisPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const ruleCode = params.get('ruleCode') ?? '';
  const dateFrom = params.get('dateFrom') ?? undefined;
  const dateTo = params.get('dateTo') ?? undefined;
  const answer = useEndpointQuery(
    riskApi.singleRiskRuleAnalysis,
    { ruleCode, ...(dateFrom ? { dateFrom } : {}), ...(dateTo ? { dateTo } : {}) },
    { enabled: ruleCode !== '' },
  );
  const data = answer.data;
  const option = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        legend: {},
        grid: { left: 48, right: 48, bottom: 32 },
        xAxis: { type: 'category', data: data.days.map((d) => d.date) },
        yAxis: [
          { type: 'value', name: '%' },
          { type: 'value', name: t('risk.analysis.evaluated') },
        ],
        series: [
          {
            name: t('risk.analysis.hitRate'),
            type: 'line',
            data: data.days.map((d) => pct(d.hitRatePpm)),
          },
          {
            name: t('risk.analysis.fpdHit'),
            type: 'line',
            data: data.days.map((d) => pct(d.fpdHitPpm)),
          },
          {
            name: t('risk.analysis.fpdNotHit'),
            type: 'line',
            data: data.days.map((d) => pct(d.fpdNotHitPpm)),
          },
          {
            name: t('risk.analysis.evaluated'),
            type: 'bar',
            yAxisIndex: 1,
            data: data.days.map((d) => d.evaluated),
          },
        ],
      },
    [data, t],
  );
  return (
    <Card title={<h1 className="page-heading">{t('route.singleRiskRuleAnalysis')}</h1>}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <IndiaRangePicker
          from={dateFrom}
          to={dateTo}
          onChange={(from, to) => {
            const next = new URLSearchParams({ ruleCode });
            if (from) next.set('dateFrom', from);
            if (to) next.set('dateTo', to);
            setParams(next);
          }}
        />
        {ruleCode === '' ? (
          <Empty />
        ) : !data ? (
          <Skeleton active />
        ) : (
          <>
            <Typography.Title level={4}>
              {t('risk.analysis.overTime', { ruleName: data.ruleName, ruleCode: data.ruleCode })}
            </Typography.Title>
            {option ? <Chart option={option} label={t('risk.analysis.chartLabel')} /> : null}
            <Table
              rowKey="date"
              size="small"
              pagination={false}
              dataSource={data.days}
              columns={[
                { key: 'date', title: t('risk.analysis.date'), dataIndex: 'date' },
                {
                  key: 'evaluated',
                  title: t('risk.analysis.evaluated'),
                  dataIndex: 'evaluated',
                  align: 'end',
                },
                { key: 'hit', title: t('risk.analysis.hit'), dataIndex: 'hit', align: 'end' },
                {
                  key: 'hitRate',
                  title: t('risk.analysis.hitRate'),
                  align: 'end',
                  render: (_, d) => percentOf(d.hitRatePpm),
                },
                {
                  key: 'passRate',
                  title: t('risk.analysis.passRate'),
                  align: 'end',
                  render: (_, d) => percentOf(d.passRatePpm),
                },
                {
                  key: 'loansHit',
                  title: t('risk.analysis.loansHit'),
                  dataIndex: 'loansHit',
                  align: 'end',
                },
                {
                  key: 'fpdHit',
                  title: t('risk.analysis.fpdHit'),
                  align: 'end',
                  render: (_, d) => percentOf(d.fpdHitPpm),
                },
                {
                  key: 'fpdNotHit',
                  title: t('risk.analysis.fpdNotHit'),
                  align: 'end',
                  render: (_, d) => percentOf(d.fpdNotHitPpm),
                },
              ]}
            />
          </>
        )}
      </Space>
    </Card>
  );
}
