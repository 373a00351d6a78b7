import { Alert, DatePicker, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GST_MONTHS_AT_MOST, type GstMonth, financeApi } from '@lending/contract';
import { formatIndiaDate, formatPaise } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { TotalsBar } from '../../../components/totals-bar';
import { LedgerExport } from './ledger-export';
import { LEDGER_READ_PAGE, MONTH_PATTERN, useViewParams } from './view-params';

/** The last twelve India months, this one included. */
function lastTwelveMonths() {
  const now = dayjs(formatIndiaDate(Date.now()));
  return { monthFrom: now.subtract(11, 'month').format('YYYY-MM'), monthTo: now.format('YYYY-MM') };
}

const FIGURES = [
  ['processingFeePaise', 'finance.ledger.processingFee'],
  ['rolloverFeePaise', 'finance.ledger.rolloverFee'],
  ['feeBasePaise', 'finance.ledger.feeBase'],
  ['gstChargedPaise', 'finance.ledger.gstCharged'],
  ['gstReversedPaise', 'finance.ledger.gstReversed'],
  ['gstNetPaise', 'finance.ledger.gstNet'],
] as const;

/** GST on fees per India month, for the GST returns: the fee base, GST charged, reversed, net. */
export function GstByMonthView() {
  const { t } = useTranslation();
  // Read once: a re-render must not move the default range.
  const [defaults] = useState(lastTwelveMonths);
  const [range, set] = useViewParams(defaults, MONTH_PATTERN);
  const query = useEndpointQuery(
    financeApi.gstByMonth,
    { ...LEDGER_READ_PAGE, filters: range },
    { keepPrevious: true },
  );
  const totals = query.data?.totals;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor="gst-months">{t('finance.ledger.months')}</label>
        <DatePicker.RangePicker
          id="gst-months"
          picker="month"
          allowClear={false}
          value={[dayjs(`${range.monthFrom}-01`), dayjs(`${range.monthTo}-01`)]}
          onChange={(value) =>
            value?.[0] &&
            value[1] &&
            set({ monthFrom: value[0].format('YYYY-MM'), monthTo: value[1].format('YYYY-MM') })
          }
        />
        <Typography.Text type="secondary">
          {t('finance.ledger.monthsAtMost', { count: GST_MONTHS_AT_MOST })}
        </Typography.Text>
        <LedgerExport
          endpoint={financeApi.gstByMonth}
          filters={range}
          title="finance.ledger.tabs.gstByMonth"
          columns={[
            { label: 'finance.ledger.month', field: 'month', kind: 'text' },
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
      <Table<GstMonth>
        size="small"
        rowKey="month"
        loading={query.isFetching}
        pagination={false}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('finance.ledger.noMonths') }}
        columns={[
          { title: t('finance.ledger.month'), dataIndex: 'month' },
          ...FIGURES.map(([key, label]) => ({
            title: t(label),
            dataIndex: key,
            align: 'right' as const,
            render: (value: number) => formatPaise(value),
          })),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('finance.ledger.gstNote')}
      </Typography.Paragraph>
    </>
  );
}
