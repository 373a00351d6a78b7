import { ClockCircleOutlined } from '@ant-design/icons';
import { Alert, Card, Segmented, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIndiaDateTime } from '../../../lib/format';
import { usePageState } from '../../../lib/page-state';
import { useDashboardSummary } from '../api/use-dashboard-summary';
import { AssetClassCard } from '../components/asset-class-card';
import { DailyChart, type DailySeries } from '../components/daily-chart';
import { FigureCards } from '../components/figure-cards';
import {
  apiRangeOf,
  DASHBOARD_RANGE_KEY,
  dashboardRanges,
  DEFAULT_DASHBOARD_RANGE,
  rangeDates,
  type DashboardRange,
} from '../dashboard-range';
import './dashboard-page.css';

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Dashboard: counts as of 23:59:59 and the current India time, over the last three
 * days, nearly a week or the last month. Every figure comes from the server, computed from
 * the book; the period shown is the one the server counted.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  // Kept while the dashboard's tab is open, across reloads; a Refresh starts afresh.
  const [range, setRange] = usePageState<DashboardRange>(
    DASHBOARD_RANGE_KEY,
    DEFAULT_DASHBOARD_RANGE,
  );
  const now = useNow(1000);
  const summary = useDashboardSummary(apiRangeOf[range]);
  const fallback = rangeDates(range, now);
  const from = summary.data?.from ?? fallback.from;
  const to = summary.data?.to ?? fallback.to;

  const series: DailySeries[] = [
    {
      key: 'applications',
      label: t('dashboard.applications'),
      color: '#1677ff',
      value: (day) => day.applications,
    },
    {
      key: 'disbursals',
      label: t('dashboard.disbursals'),
      color: '#52c41a',
      value: (day) => day.disbursals.count,
    },
    {
      key: 'repayments',
      label: t('dashboard.repayments'),
      color: '#fa8c16',
      value: (day) => day.repayments.count,
    },
    {
      key: 'overdue',
      label: t('dashboard.overdue'),
      color: '#f5222d',
      value: (day) => day.overdue.count,
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space wrap size="large" style={{ width: '100%', justifyContent: 'space-between' }}>
          <Segmented<DashboardRange>
            className="dashboard-range"
            aria-label={t('dashboard.range')}
            value={range}
            onChange={setRange}
            options={dashboardRanges.map((value) => ({ value, label: t(`dashboard.${value}`) }))}
          />
          <Typography.Text>
            <ClockCircleOutlined /> {t('dashboard.indiaTime')}:{' '}
            <time dateTime={now.toISOString()}>{formatIndiaDateTime(now)}</time>
          </Typography.Text>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {t('dashboard.period', { from, to })} · {t('dashboard.asOf', { date: to })}
        </Typography.Paragraph>
      </Card>
      {summary.error ? (
        <Alert
          type="error"
          showIcon
          title={t('dashboard.loadFailed', { message: summary.error.message })}
        />
      ) : summary.data ? (
        <>
          <FigureCards totals={summary.data.totals} />
          <Card title={t('dashboard.chartTitle')}>
            <DailyChart
              days={summary.data.daily}
              series={series}
              title={t('dashboard.chartTitle')}
            />
          </Card>
          <AssetClassCard classes={summary.data.assetClasses} />
        </>
      ) : (
        <Spin>
          <Card>{t('dashboard.loading')}</Card>
        </Spin>
      )}
    </Space>
  );
}
