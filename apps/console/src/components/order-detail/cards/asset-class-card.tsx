import { Card, Descriptions, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AssetClass, OrderDetail } from '@lending/contract';
import { assetClassTags } from '../../asset-class';
import { EMPTY } from '../empty-value';
import { Money } from '../money';
import { RecordsTable } from '../tabs/records-table';

type ClassChange = OrderDetail['classHistory'][number];

/** A class's tag as every list and the dashboard show it (components/asset-class.ts). */
function tagOf(value: string) {
  return assetClassTags[value as AssetClass] as (typeof assetClassTags)[AssetClass] | undefined;
}

/** Whether the order has been classified at all (a loan is, from its disbursal's day-end). */
export function isClassified(detail: OrderDetail): boolean {
  return detail.rbiClass !== null || detail.classHistory.length > 0;
}

/**
 * The order's RBI asset class (SMA-0/1/2, NPA): since when, its days past due at the last
 * day-end, whether it was rescheduled, the interest and penal held in suspense, and every change
 * of class with why.
 */
export function AssetClassCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const a = (key: string, options?: Record<string, unknown>) =>
    t(`orderDetail.assetClass.${key}`, options ?? {});
  const className = (value: string) => {
    const tag = tagOf(value);
    return tag ? t(tag.label) : value;
  };
  const reasonText = (change: ClassChange) =>
    change.reason === 'borrowerNpa' && change.causeOrderNo !== null
      ? a('reasons.borrowerNpaOf', { orderNo: change.causeOrderNo })
      : a(`reasons.${change.reason}`);
  const columns: ColumnsType<ClassChange> = [
    { key: 'date', title: a('date'), dataIndex: 'businessDate', width: 120 },
    {
      key: 'change',
      title: a('change'),
      width: 160,
      render: (_, h) =>
        h.fromClass === null
          ? className(h.toClass)
          : `${className(h.fromClass)} → ${className(h.toClass)}`,
    },
    {
      key: 'days',
      title: a('daysPastDue'),
      width: 130,
      render: (_, h) => t('listPage.days', { count: h.daysPastDue }),
    },
    { key: 'reason', title: a('reason'), render: (_, h) => reasonText(h) },
  ];
  return (
    <Card title={t('orderDetail.sections.assetClass')} size="small">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={a('current')}>
          {detail.rbiClass === null && !detail.rescheduled ? (
            EMPTY
          ) : (
            <Space size={4} wrap>
              {detail.rbiClass === null ? null : (
                <Tag color={tagOf(detail.rbiClass)?.color}>{className(detail.rbiClass)}</Tag>
              )}
              {detail.classifiedDate ? a('since', { date: detail.classifiedDate }) : null}
              {detail.rescheduled ? <Tag color="purple">{a('rescheduled')}</Tag> : null}
            </Space>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={a('rbiDaysPastDue')}>
          {t('listPage.days', { count: detail.rbiDaysPastDue })}
        </Descriptions.Item>
        <Descriptions.Item label={a('suspenseInterest')}>
          <Money paise={detail.suspense.interestPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={a('suspensePenal')}>
          <Money paise={detail.suspense.penalPaise} />
        </Descriptions.Item>
      </Descriptions>
      <h3 className="order-detail-subheading">{a('history')}</h3>
      <RecordsTable<ClassChange>
        rows={detail.classHistory}
        columns={columns}
        rowKey={(h) => `${h.at}-${h.fromClass}-${h.toClass}`}
        layout="fit"
      />
    </Card>
  );
}
