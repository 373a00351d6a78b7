import { Card, DatePicker, Form, Radio, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type TrxStatisticsRow, opsConfigApi } from '@lending/contract';
import { Chart } from '../../../components/chart/chart';
import { addDays, formatPaise, formatPpmPercent } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/use-endpoint';

const DATE = 'YYYY-MM-DD';
type Direction = 'payout' | 'collection';

/** Today's India date (the console's business dates are India dates). */
function indiaToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

function settleText(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/**
 * /toolMage/trxStatistcs: per payment channel and India day, payouts and collections:
 * count, amount, share successful and (payouts) average time to settle. The chart draws the
 * successful amount per day; the table beside it holds every figure.
 */
export function TrxStatisticsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = indiaToday();
  const dateTo = params.get('dateTo') ?? today;
  const dateFrom = params.get('dateFrom') ?? addDays(dateTo, -6);
  const direction = (params.get('direction') as Direction | null) ?? undefined;
  const answer = useEndpointQuery(
    opsConfigApi.trxStatistics,
    { dateFrom, dateTo, ...(direction ? { direction } : {}) },
    { keepPrevious: true },
  );
  const rows = answer.data?.list ?? [];

  const option = (() => {
    const days = [...new Set(rows.map((row) => row.day))].sort();
    const sum = (day: string, dir: Direction) =>
      rows
        .filter((row) => row.day === day && row.direction === dir)
        .reduce((total, row) => total + row.successAmountPaise, 0) / 100;
    const series = (['payout', 'collection'] as const)
      .filter((dir) => !direction || dir === direction)
      .map((dir) => ({
        name: t(`opsConfig.trx.directions.${dir}`),
        type: 'bar',
        data: days.map((day) => sum(day, dir)),
      }));
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', name: '₹' },
      series,
    };
  })();

  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  return (
    <Card title={<h1 className="page-heading">{t('route.trxStatistcs')}</h1>}>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={t('opsConfig.trx.days')}>
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(dateFrom, DATE), dayjs(dateTo, DATE)]}
            onChange={(range) => {
              const [from, to] = (range ?? []) as [Dayjs | null, Dayjs | null];
              if (from && to) set({ dateFrom: from.format(DATE), dateTo: to.format(DATE) });
            }}
          />
        </Form.Item>
        <Form.Item label={t('opsConfig.trx.direction')}>
          <Radio.Group
            value={direction ?? 'all'}
            onChange={(event) =>
              set({ direction: event.target.value === 'all' ? undefined : event.target.value })
            }
          >
            <Radio.Button value="all">{t('opsConfig.trx.all')}</Radio.Button>
            <Radio.Button value="payout">{t('opsConfig.trx.directions.payout')}</Radio.Button>
            <Radio.Button value="collection">
              {t('opsConfig.trx.directions.collection')}
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
      </Form>
      <Space orientation="vertical" style={{ width: '100%' }} size="large">
        <Chart option={option} label={t('opsConfig.trx.chartLabel')} height={260} />
        <Table<TrxStatisticsRow>
          size="small"
          loading={answer.isFetching}
          rowKey={(row) => `${row.day}-${row.direction}-${row.channel}`}
          dataSource={rows}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          columns={[
            { title: t('opsConfig.trx.day'), dataIndex: 'day' },
            {
              title: t('opsConfig.trx.direction'),
              dataIndex: 'direction',
              render: (value: Direction) => t(`opsConfig.trx.directions.${value}`),
            },
            { title: t('opsConfig.trx.channel'), dataIndex: 'channel' },
            { title: t('opsConfig.trx.count'), dataIndex: 'count', align: 'right' },
            {
              title: t('opsConfig.trx.amount'),
              dataIndex: 'amountPaise',
              align: 'right',
              render: (value: number) => formatPaise(value),
            },
            {
              title: t('opsConfig.trx.successAmount'),
              dataIndex: 'successAmountPaise',
              align: 'right',
              render: (value: number) => formatPaise(value),
            },
            {
              title: t('opsConfig.trx.successShare'),
              dataIndex: 'successPpm',
              align: 'right',
              render: (value: number, row) => `${formatPpmPercent(value)} (${row.successCount})`,
            },
            {
              title: t('opsConfig.trx.settle'),
              dataIndex: 'averageSettleSeconds',
              align: 'right',
              render: (value: number | null) => settleText(value),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
