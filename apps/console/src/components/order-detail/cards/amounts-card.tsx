import { Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { type Amounts, COMPONENTS, totalOf } from '../amount-components';
import { Money } from '../money';

interface AmountRow {
  key: string;
  label: string;
  amounts: Amounts;
  strong?: boolean;
}

/** Due, paid, waived, written off and outstanding per component, and what clears it today. */
export function AmountsCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const rows: AmountRow[] = (['charged', 'paid', 'waived', 'writtenOff', 'outstanding'] as const)
    .filter((row) => row !== 'writtenOff' || totalOf(detail.amounts.writtenOff) > 0)
    .map((row) => ({
      key: row,
      label: t(`orderDetail.amountRows.${row}`),
      amounts: detail.amounts[row],
      strong: row === 'outstanding',
    }));
  const clearing = detail.clearingToday;
  if (clearing) {
    rows.push({
      key: 'clearing',
      label: t('orderDetail.clearingToday', { date: clearing.date }),
      amounts: clearing.components,
      strong: true,
    });
  }
  const columns: ColumnsType<AmountRow> = [
    {
      key: 'label',
      title: t('orderDetail.amountPart'),
      render: (_, row) => (row.strong ? <strong>{row.label}</strong> : row.label),
    },
    ...COMPONENTS.map((component) => ({
      key: component,
      title: t(`orderDetail.components.${component}`),
      align: 'end' as const,
      render: (_: unknown, row: AmountRow) => <Money paise={row.amounts[component]} />,
    })),
    {
      key: 'total',
      title: t('orderDetail.components.total'),
      align: 'end' as const,
      render: (_, row) => (
        <strong>
          <Money paise={totalOf(row.amounts)} />
        </strong>
      ),
    },
  ];
  return (
    <Card title={t('orderDetail.sections.amounts')} size="small">
      <Table<AmountRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <p className="order-detail-note">
        {clearing
          ? clearing.overdueDays > 0
            ? t('orderDetail.clearingOverdue', { count: clearing.overdueDays })
            : null
          : t('orderDetail.noClearing')}
      </p>
    </Card>
  );
}
