import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const DATE = 'YYYY-MM-DD';

/** Two India dates, both inclusive, kept by the page (usually in its URL). */
export function IndiaRangePicker({
  from,
  to,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      aria-label={t('risk.analysis.range')}
      allowEmpty={[true, true]}
      value={[from ? dayjs(from, DATE) : null, to ? dayjs(to, DATE) : null]}
      onChange={(range) => onChange(range?.[0]?.format(DATE), range?.[1]?.format(DATE))}
    />
  );
}
