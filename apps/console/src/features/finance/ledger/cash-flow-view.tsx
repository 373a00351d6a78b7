import { Alert, DatePicker, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CASH_FLOW_DAYS_AT_MOST, type CashFlowDay, financeApi } from '@lending/contract';
import { Chart } from '../../../components/chart/chart';
import { addDays, formatIndiaDate, formatPaise } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { TotalsBar } from '../../../components/totals-bar';
import { LedgerExport } from './ledger-export';
import { DATE_PATTERN, LEDGER_READ_PAGE, useViewParams } from './view-params';

const FIGURES = [
  ['disbursedPaise', 'finance.ledger.disbursed'],
  ['payoutReturnedPaise', 'finance.ledger.payoutReturned'],
  ['collectedPaise', 'finance.ledger.collected'],
  ['refundedPaise', 'finance.ledger.refunded'],
  ['walletPaidPaise', 'finance.ledger.walletPaid'],
  ['netPaise', 'finance.ledger.net'],
] as const;

const rupees = (paise: number) => paise / 100;

/** What comes in stacks above the axis, what goes out below it. */
const MONEY_IN = ['collectedPaise', 'payoutReturnedPaise'] as const;
const MONEY_OUT = ['disbursedPaise', 'refundedPaise', 'walletPaidPaise'] as const;

/**
 * Each figure of the day as its own bar, money in stacked above the axis and money out below
 * it, and the day's net (the server's) as a line: the chart adds nothing up itself.
 */
function chartOption(days: readonly CashFlowDay[], t: (key: string) => string) {
  const labelOf = (key: (typeof FIGURES)[number][0]) =>
    t(FIGURES.find(([figure]) => figure === key)![1]);
  // One stack: ECharts stacks positive and negative values apart, one column per day.
  const bars = (keys: readonly (typeof FIGURES)[number][0][], sign: 1 | -1) =>
    keys.map((key) => ({
      name: labelOf(key),
      type: 'bar',
      stack: 'cash',
      data: days.map((day) => sign * rupees(day[key])),
    }));
  return {
    tooltip: { trigger: 'axis' },
    legend: {},
    grid: { left: 72, right: 24, bottom: 32 },
    xAxis: { type: 'category', data: days.map((day) => day.date) },
    yAxis: { type: 'value', name: '₹' },
    series: [
      ...bars(MONEY_IN, 1),
      ...bars(MONEY_OUT, -1),
      {
        name: t('finance.ledger.net'),
        type: 'line',
        data: days.map((day) => rupees(day.netPaise)),
      },
    ],
  };
}

/** Each India day's cash: paid out to borrowers against collected from them, and the net. */
export function CashFlowView() {
  const { t } = useTranslation();
  // Today is read once: a re-render must not move the default range.
  const [today] = useState(() => formatIndiaDate(Date.now()));
  const [range, set] = useViewParams(
    { dateFrom: addDays(today, -29), dateTo: today },
    DATE_PATTERN,
  );
  const query = useEndpointQuery(
    financeApi.cashFlow,
    { ...LEDGER_READ_PAGE, filters: range },
    { keepPrevious: true },
  );
  const days = useMemo(() => query.data?.list ?? [], [query.data]);
  const option = useMemo(() => chartOption(days, t), [days, t]);
  const totals = query.data?.totals;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor="cash-flow-days">{t('finance.ledger.days')}</label>
        <DatePicker.RangePicker
          id="cash-flow-days"
          allowClear={false}
          value={[dayjs(range.dateFrom), dayjs(range.dateTo)]}
          onChange={(value) =>
            value?.[0] &&
            value[1] &&
            set({ dateFrom: value[0].format('YYYY-MM-DD'), dateTo: value[1].format('YYYY-MM-DD') })
          }
        />
        <Typography.Text type="secondary">
          {t('finance.ledger.daysAtMost', { count: CASH_FLOW_DAYS_AT_MOST })}
        </Typography.Text>
        <LedgerExport
          endpoint={financeApi.cashFlow}
          filters={range}
          title="finance.ledger.tabs.cashFlow"
          columns={[
            { label: 'finance.ledger.date', field: 'date', kind: 'date' },
            ...FIGURES.map(([field, label]) => ({ label, field, kind: 'money' as const })),
          ]}
        />
      </Space>
      {query.isError ? (
        <Alert type="warning" showIcon title={query.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <TotalsBar
        title="finance.totals.range"
        items={FIGURES.map(([key, label]) => ({ label, value: totals?.[key], money: true }))}
      />
      {days.length > 0 ? <Chart option={option} label={t('finance.ledger.chart')} /> : null}
      <Table<CashFlowDay>
        size="small"
        rowKey="date"
        loading={query.isFetching}
        pagination={false}
        dataSource={days}
        locale={{ emptyText: t('finance.ledger.noDays') }}
        columns={[
          { title: t('finance.ledger.date'), dataIndex: 'date' },
          ...FIGURES.map(([key, label]) => ({
            title: t(label),
            dataIndex: key,
            align: 'right' as const,
            render: (value: number) => formatPaise(value),
          })),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('finance.ledger.cashNote')}
      </Typography.Paragraph>
    </>
  );
}
