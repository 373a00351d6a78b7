import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { formatIndiaDateTime, formatPaise, formatPpmPercent } from '../../../lib/format';
import { EMPTY } from '../empty-value';
import { Money } from '../money';

function penalText(paise: number | null, ppm: number | null): string {
  if (paise !== null) return formatPaise(paise);
  if (ppm !== null) return formatPpmPercent(ppm);
  return EMPTY;
}

/** The product terms the order was made with, and the key fact statement the borrower accepted. */
export function TermsCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`orderDetail.fields.${key}`);
  const { terms, keyFacts } = detail;
  const days = (count: number) => t('listPage.days', { count });
  return (
    <Card title={t('orderDetail.sections.terms')} size="small">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={f('tenorDays')}>{days(terms.tenorDays)}</Descriptions.Item>
        <Descriptions.Item label={f('processingFee')}>
          {formatPpmPercent(terms.processingFeePpm)}
        </Descriptions.Item>
        <Descriptions.Item label={t('orderDetail.components.gst')}>
          {formatPpmPercent(terms.gstPpm)}
        </Descriptions.Item>
        <Descriptions.Item label={f('interestPerDay')}>
          {formatPpmPercent(terms.interestPerDayPpm)}
        </Descriptions.Item>
        <Descriptions.Item label={f('penalPerDay')}>
          {penalText(terms.penalPerDayPaise, terms.penalPerDayPpm)}
        </Descriptions.Item>
        <Descriptions.Item label={f('penalCap')}>
          {formatPpmPercent(terms.penalCapPpm)}
        </Descriptions.Item>
        <Descriptions.Item label={f('rolloverFee')}>
          {formatPpmPercent(terms.rolloverFeePpm)}
        </Descriptions.Item>
        <Descriptions.Item label={f('rolloverDays')}>{days(terms.rolloverDays)}</Descriptions.Item>
        <Descriptions.Item label={f('maxRollovers')}>{terms.maxRollovers}</Descriptions.Item>
        <Descriptions.Item label={f('allowOverdueRollover')}>
          {f(terms.allowOverdueRollover ? 'yes' : 'no')}
        </Descriptions.Item>
        <Descriptions.Item label={f('allocationOrder')}>
          {terms.allocationOrder
            .map((part) => t(`orderDetail.components.${part}`, { defaultValue: part }))
            .join(' → ')}
        </Descriptions.Item>
      </Descriptions>
      <h3 className="order-detail-subheading">{t('orderDetail.sections.keyFacts')}</h3>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={f('principal')}>
          <Money paise={keyFacts.principalPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('netDisbursed')}>
          <Money paise={keyFacts.netDisbursedPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('totalInterest')}>
          <Money paise={keyFacts.totalInterestPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('dueAmount')}>
          <Money paise={keyFacts.dueAmountPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('apr')}>{`${keyFacts.aprPercent}%`}</Descriptions.Item>
        <Descriptions.Item label={f('coolingOffDays')}>
          {days(keyFacts.coolingOffDays)}
        </Descriptions.Item>
        <Descriptions.Item label={f('acceptedAt')}>
          {`${formatIndiaDateTime(keyFacts.acceptedAt)} (${keyFacts.channel})`}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
