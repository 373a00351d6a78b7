import { EyeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UnmaskField, customerApi } from '@lending/contract';
import { api } from '../../lib/api';
import { feedback } from '../../lib/feedback';
import { useGrants } from '../../lib/grants';
import type { MaskedReveal } from '../list-page';

/**
 * A masked column's reveal through the audited `customer.unmask` (decision 0034): one
 * field of the row's customer, for holders of the grant only.
 *
 * @example
 * column.masked('phone', 'order.phone', { reveal: revealCustomer('phone', (row) => row.customerId) })
 */
export function revealCustomer<Row>(
  field: UnmaskField,
  customerIdOf: (row: Row) => number | null,
): MaskedReveal<
  Row,
  typeof customerApi.unmaskCustomer,
  { customerId: number; field: UnmaskField }
> {
  return {
    endpoint: customerApi.unmaskCustomer,
    body: (row) => ({ customerId: customerIdOf(row) ?? 0, field }),
    value: (ret) => ret.value ?? '—',
  };
}

/**
 * A masked value outside a list (the order detail's customer panel): as the server masked it,
 * with an eye button for holders of `customer.unmask` that shows it in full after a
 * confirmation; the server writes the audit row.
 */
export function Revealable({
  value,
  customerId,
  field,
  label,
}: {
  value: string;
  customerId: number;
  field: UnmaskField;
  /** The field's name as the user reads it (confirmation and button label). */
  label: string;
}) {
  const { t } = useTranslation();
  const { can } = useGrants();
  const [shown, setShown] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const text = <span className="list-masked">{shown ?? (value || '—')}</span>;
  if (!value || shown !== null || !can(customerApi.unmaskCustomer)) return text;
  const run = async () => {
    setPending(true);
    try {
      setShown((await api.call(customerApi.unmaskCustomer, { customerId, field })).value ?? '—');
    } catch {
      // The request client has shown the server's message.
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="list-masked-cell">
      {text}
      <Tooltip title={t('listPage.revealHint')}>
        <Button
          size="small"
          type="text"
          icon={<EyeOutlined />}
          loading={pending}
          aria-label={t('unmask.showField', { field: label })}
          onClick={() =>
            feedback.confirm({
              title: t('common.tips'),
              content: t('unmask.confirm', { field: label }),
              okText: t('common.ok'),
              cancelText: t('common.cancel'),
              onOk: run,
            })
          }
        />
      </Tooltip>
    </span>
  );
}
