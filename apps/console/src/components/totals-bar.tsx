import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPaise } from '../lib/format';

export interface TotalItem {
  /** A text key. */
  label: string;
  /** A count, paise when `money`, or a figure already written out (a share in percent). */
  value: number | string | undefined;
  money?: boolean;
}

/**
 * A statement's or report's totals for the whole filtered range, above its table (the finance
 * statements and reports, the channel reports, the ledger views). A sum is
 * never broken over two lines (₹61,92,7 / 79.62 read as two figures on the cash flow tab):
 * four to a row on a laptop screen, six on a wide one.
 */
export function TotalsBar({ title, items }: { title: string; items: TotalItem[] }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, md: 3, lg: 4, xxl: 6 }}
      title={t(title)}
      style={{ marginBottom: 16 }}
      items={items.map((item) => ({
        key: item.label,
        label: t(item.label),
        children: (
          <span style={{ whiteSpace: 'nowrap' }}>
            {item.value === undefined
              ? '—'
              : typeof item.value === 'string'
                ? item.value
                : item.money
                  ? formatPaise(item.value)
                  : item.value.toLocaleString('en-IN')}
          </span>
        ),
      }))}
    />
  );
}
