import { ClockCircleOutlined } from '@ant-design/icons';
import { Alert, Card, Segmented, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIndiaDateTime } from '../../../lib/format';
import { usePageState } from '../../../lib/page-state';
import { dashboardRanges, rangeDates, type DashboardRange } from '../dashboard-range';
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
 * Spec §2 Dashboard: counts as of 23:59:59 and the current India time, over the last three
 * days, nearly a week or the last month. The figures need the loan book and come later; until
 * then the page says so instead of showing numbers.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  // Kept while the dashboard's tab is open, across reloads; a Refresh starts afresh.
  const [range, setRange] = usePageState<DashboardRange>('range', 'lastThreeDays');
  const now = useNow(1000);
  const { from, to } = rangeDates(range, now);

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
      <Alert type="info" showIcon title={t('dashboard.figuresNotBuilt')} />
    </Space>
  );
}
