import type { AssetClassFigures } from '@lending/contract';
import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { assetClassTags } from '../../../components/asset-class';
import { formatPaise } from '../../../lib/format';

/**
 * The loans that owe now by RBI asset class (as the last day-end classified them): how many,
 * what they owe, and the interest and penal charges held in suspense (an NPA's), with the total.
 */
export function AssetClassCard({ classes }: { classes: readonly AssetClassFigures[] }) {
  const { t } = useTranslation();
  const total = (pick: (row: AssetClassFigures) => number) =>
    classes.reduce((sum, row) => sum + pick(row), 0);
  const title = t('dashboard.assetClasses.title');
  return (
    <Card title={title}>
      <section aria-label={title}>
        <Typography.Paragraph type="secondary">
          {t('dashboard.assetClasses.note')}
        </Typography.Paragraph>
        <Table<AssetClassFigures>
          size="small"
          rowKey="assetClass"
          pagination={false}
          dataSource={[...classes]}
          columns={[
            {
              title: t('dashboard.assetClasses.class'),
              dataIndex: 'assetClass',
              render: (assetClass: AssetClassFigures['assetClass']) => {
                const tag = assetClassTags[assetClass];
                return <Tag color={tag.color}>{t(tag.label)}</Tag>;
              },
            },
            {
              title: t('dashboard.assetClasses.loans'),
              dataIndex: 'count',
              align: 'right',
              render: (count: number) => count.toLocaleString('en-IN'),
            },
            {
              title: t('dashboard.assetClasses.outstanding'),
              dataIndex: 'outstandingPaise',
              align: 'right',
              render: (paise: number) => formatPaise(paise),
            },
            {
              title: (
                <span title={t('dashboard.assetClasses.suspenseHint')}>
                  {t('dashboard.assetClasses.suspense')}
                </span>
              ),
              dataIndex: 'suspensePaise',
              align: 'right',
              render: (paise: number) => formatPaise(paise),
            },
          ]}
          summary={() => (
            <Table.Summary.Row className="list-total-row">
              <Table.Summary.Cell index={0}>
                <strong>{t('dashboard.assetClasses.total')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong>{total((row) => row.count).toLocaleString('en-IN')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <strong>{formatPaise(total((row) => row.outstandingPaise))}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <strong>{formatPaise(total((row) => row.suspensePaise))}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </section>
    </Card>
  );
}
