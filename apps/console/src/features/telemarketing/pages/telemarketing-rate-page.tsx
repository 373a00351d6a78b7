import { Card, DatePicker, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RateRow, telemarketingApi } from '@lending/contract';
import { useEndpointQuery } from '../../../lib/use-endpoint';

/** A rate held in ppm as a percentage with two decimals, or '—' when nothing was divided. */
export function rateText(ppm: number | null): string {
  return ppm === null ? '—' : `${(ppm / 10_000).toFixed(2)} %`;
}

/** A count with the rate it gives beside it: '2 (66.67 %)'. */
function countWithRate(count: number, ppm: number | null): string {
  return ppm === null ? String(count) : `${count} (${rateText(ppm)})`;
}

/**
 * /telemarketing/telemarketingRate: per telemarketer and day of assignment, the users
 * assigned and how many of THEM were called, connected, applied and were paid out. Every rate
 * is a share of its own cohort (called ÷ assigned, connected ÷ called, applied and disbursed
 * ÷ assigned), so none can pass 100 %.
 */
export function TelemarketingRatePage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<{ dateFrom: string; dateTo: string } | null>(null);
  const query = useEndpointQuery(telemarketingApi.telemarketingRate, range ?? {});
  const rows: RateRow[] = useMemo(
    () => (query.data ? [...query.data.list, query.data.total] : []),
    [query.data],
  );
  return (
    <Card
      title={<h1 className="page-heading">{t('route.telemarketingRate')}</h1>}
      variant="borderless"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <DatePicker.RangePicker
            aria-label={t('telemarketing.rate.range')}
            value={query.data ? [dayjs(query.data.dateFrom), dayjs(query.data.dateTo)] : null}
            onChange={(dates) =>
              setRange(
                dates?.[0] && dates[1]
                  ? {
                      dateFrom: dates[0].format('YYYY-MM-DD'),
                      dateTo: dates[1].format('YYYY-MM-DD'),
                    }
                  : null,
              )
            }
          />
          <Typography.Text type="secondary">{t('telemarketing.rate.explain')}</Typography.Text>
        </Space>
        <Table<RateRow>
          rowKey="key"
          size="small"
          loading={query.isLoading}
          pagination={false}
          dataSource={rows}
          rowClassName={(row) => (row.key === 'total' ? 'list-total-row' : '')}
          columns={[
            {
              title: t('telemarketing.rate.date'),
              dataIndex: 'date',
              render: (value: string | null) =>
                value ?? <strong>{t('telemarketing.rate.total')}</strong>,
            },
            { title: t('telemarketing.telemarketer'), dataIndex: 'telemarketerName' },
            { title: t('telemarketing.rate.assigned'), dataIndex: 'assigned', align: 'right' },
            {
              title: t('telemarketing.rate.called'),
              key: 'called',
              align: 'right',
              render: (_, row) => countWithRate(row.called, row.calledRatePpm),
            },
            {
              title: t('telemarketing.rate.connected'),
              key: 'connected',
              align: 'right',
              render: (_, row) => countWithRate(row.connected, row.connectedRatePpm),
            },
            {
              title: t('telemarketing.rate.applied'),
              key: 'applied',
              align: 'right',
              render: (_, row) => countWithRate(row.applied, row.appliedRatePpm),
            },
            {
              title: t('telemarketing.rate.disbursed'),
              key: 'disbursed',
              align: 'right',
              render: (_, row) => countWithRate(row.disbursed, row.disbursedRatePpm),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
