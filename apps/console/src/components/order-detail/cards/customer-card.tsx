import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { Revealable } from '../../unmask/unmask';
import { EMPTY } from '../empty-value';

function Masked({ value }: { value: string }) {
  return <span className="list-masked">{value || EMPTY}</span>;
}

/** The borrower as staff may see them: personal data masked by the server. */
export function CustomerCard({ customer }: { customer: OrderDetail['customer'] }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`orderDetail.fields.${key}`);
  return (
    <Card title={t('orderDetail.sections.customer')} size="small">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('order.customerName')}>
          <Revealable
            value={customer.name}
            customerId={customer.id}
            field="name"
            label={t('order.customerName')}
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('order.phone')}>
          <Revealable
            value={customer.phone}
            customerId={customer.id}
            field="phone"
            label={t('order.phone')}
          />
        </Descriptions.Item>
        <Descriptions.Item label={f('idNumber')}>
          {customer.idType === 'pan' ? (
            <Revealable
              value={customer.idNumber}
              customerId={customer.id}
              field="pan"
              label={f('idNumber')}
            />
          ) : (
            // Aadhaar: only its last 4 digits are ever kept; there is nothing more to show.
            <Masked value={customer.idNumber} />
          )}
          {` (${t(`orderDetail.fields.idTypes.${customer.idType}`)})`}
        </Descriptions.Item>
        <Descriptions.Item label={f('customerType')}>
          {t(`orderDetail.fields.customerTypes.${customer.customerType}`)}
        </Descriptions.Item>
        <Descriptions.Item label={f('channel')}>{customer.channel || EMPTY}</Descriptions.Item>
        <Descriptions.Item label={f('registrationDate')}>
          {customer.registrationDate}
        </Descriptions.Item>
        <Descriptions.Item label={f('bank')}>
          {customer.bankName || EMPTY}{' '}
          <Revealable
            value={customer.bankAccount}
            customerId={customer.id}
            field="bankAccount"
            label={f('bank')}
          />
        </Descriptions.Item>
        <Descriptions.Item label={f('ifsc')}>{customer.ifsc || EMPTY}</Descriptions.Item>
        <Descriptions.Item label={f('bankVerified')}>
          {customer.bankAccountVerified ? (
            <Tag color="green">{f('verified')}</Tag>
          ) : (
            <Tag>{f('notVerified')}</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
