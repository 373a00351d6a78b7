import { Descriptions, Drawer, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type OperationLogEntry, auditApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { formatIndiaDateTime } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { changeRows, type ChangeRow } from '../change-rows';
import { actorText } from '../operation-text';

/** One operation log entry: who, when, where, and a readable before/after. */
export function OperationDetailDrawer({ open, row, onClose }: ActionFormProps<OperationLogEntry>) {
  const { t } = useTranslation();
  const id = row?.id ?? 0;
  const detail = useEndpointQuery(
    auditApi.operationLogDetail,
    { id },
    { enabled: row !== undefined },
  );
  const entry = detail.data;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={t('operationLog.detailTitle', { id: row?.id ?? '' })}
    >
      {!entry ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('common.time')}>
              {formatIndiaDateTime(entry.at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('operationLog.actor')}>
              {actorText(entry)}
            </Descriptions.Item>
            <Descriptions.Item label={t('operationLog.action')}>
              <Typography.Text code>{entry.action}</Typography.Text> {entry.summary}
            </Descriptions.Item>
            <Descriptions.Item label={t('operationLog.target')}>
              {entry.targetType} {entry.targetId}
            </Descriptions.Item>
            <Descriptions.Item label={t('operationLog.address')}>
              {entry.ip || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('operationLog.userAgent')}>
              {entry.userAgent || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
            {t('operationLog.onlyChanged')}
          </Typography.Title>
          <Table<ChangeRow>
            rowKey="field"
            size="small"
            pagination={false}
            dataSource={changeRows(entry.before, entry.after)}
            columns={[
              {
                title: t('operationLog.field'),
                dataIndex: 'field',
                render: (field: string, row) => (
                  <>
                    {field}{' '}
                    {row.changed ? <Tag color="orange">{t('operationLog.changed')}</Tag> : null}
                  </>
                ),
              },
              { title: t('operationLog.before'), dataIndex: 'before' },
              { title: t('operationLog.after'), dataIndex: 'after' },
            ]}
          />
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
            {t('operationLog.request')}
          </Typography.Title>
          <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
            {JSON.stringify(entry.request, null, 2)}
          </pre>
        </>
      )}
    </Drawer>
  );
}
