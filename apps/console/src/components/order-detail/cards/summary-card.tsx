import { Card, Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { EMPTY } from '../empty-value';
import { Money } from '../money';
import { StatusTag } from '../status-tag';

function ifPresent<T>(value: T | null | undefined, show: (value: T) => ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? EMPTY : show(value);
}

/** The order's own facts: status, money at disbursal, dates, review. */
export function SummaryCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`orderDetail.fields.${key}`);
  return (
    <Card title={t('orderDetail.sections.summary')} size="small">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('order.orderNo')}>{detail.orderNo}</Descriptions.Item>
        <Descriptions.Item label={t('order.status')}>
          <StatusTag status={detail.status} />
        </Descriptions.Item>
        <Descriptions.Item label={f('closureType')}>
          {ifPresent(detail.closureType, (type) => t(`order.closureTypes.${type}`))}
        </Descriptions.Item>
        <Descriptions.Item label={t('order.product')}>
          {`${detail.productName} (${t(`order.kinds.${detail.productKind}`)}, v${detail.productVersion})`}
        </Descriptions.Item>
        <Descriptions.Item label={f('principal')}>
          <Money paise={detail.principalPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={t('order.period')}>
          {t('listPage.days', { count: detail.tenorDays })}
        </Descriptions.Item>
        <Descriptions.Item label={f('processingFee')}>
          <Money paise={detail.processingFeePaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('gstOnFee')}>
          <Money paise={detail.gstOnFeePaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('netDisbursed')}>
          <Money paise={detail.netDisbursedPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('dueAmount')}>
          <Money paise={detail.dueAmountPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('apr')}>{`${detail.aprPercent}%`}</Descriptions.Item>
        <Descriptions.Item label={t('order.appliedAt')}>
          {formatIndiaDateTime(detail.appliedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('order.disbursalDate')}>
          {detail.disbursalDate ?? EMPTY}
        </Descriptions.Item>
        <Descriptions.Item label={t('order.dueDate')}>{detail.dueDate ?? EMPTY}</Descriptions.Item>
        <Descriptions.Item label={f('clearedDate')}>
          {detail.clearedDate ?? EMPTY}
        </Descriptions.Item>
        <Descriptions.Item label={t('order.overdueDays')}>
          {t('listPage.days', { count: detail.overdueDays })}
        </Descriptions.Item>
        <Descriptions.Item label={f('overdueBand')}>
          {detail.overdueBand ?? EMPTY}
        </Descriptions.Item>
        <Descriptions.Item label={f('rbiClass')}>{detail.rbiClass ?? EMPTY}</Descriptions.Item>
        <Descriptions.Item label={f('rolloverCount')}>{detail.rolloverCount}</Descriptions.Item>
        <Descriptions.Item label={f('overpaid')}>
          <Money paise={detail.overpaidPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('machineResult')}>
          {detail.machineResult
            ? `${f(`machineResults.${detail.machineResult}`)}${detail.machineScore === null ? '' : ` (${detail.machineScore})`}`
            : EMPTY}
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.decidedByVersion')}>
          {detail.ruleSetVersion === null
            ? EMPTY
            : t('risk.versionOf', { value: detail.ruleSetVersion })}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
