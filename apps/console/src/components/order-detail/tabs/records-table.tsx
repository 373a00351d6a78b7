import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

export interface RecordsTableProps<Row extends object> {
  rows: readonly Row[];
  columns: ColumnsType<Row>;
  rowKey: (row: Row) => string | number;
  /**
   * 'fit': the card's width, long texts wrap (columns of sentences); 'scroll': as wide as the
   * contents, scrolling sideways (columns of figures that must not wrap).
   */
  layout?: 'scroll' | 'fit';
}

/** The table every records tab shows: paged past 20 rows, 'none' when the order has none. */
export function RecordsTable<Row extends object>({
  rows,
  columns,
  rowKey,
  layout = 'scroll',
}: RecordsTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <Table<Row>
      size="small"
      rowKey={rowKey}
      columns={columns}
      dataSource={[...rows]}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      {...(layout === 'fit'
        ? { tableLayout: 'fixed' as const, className: 'order-detail-fit-table' }
        : { scroll: { x: 'max-content' } })}
      locale={{ emptyText: t('orderDetail.none') }}
    />
  );
}
