import { Descriptions, Drawer, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatIndiaDateTime } from '../../../lib/format';
import { useOperationLogDetail } from '../api/use-logs';
import { changeRows, type ChangeRow } from '../change-rows';

/** One operation log entry: who, when, where, and a readable before/after. */
export function OperationDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useOperationLogDetail(id);
  const entry = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={t('operationLog.detailTitle', { id: id ?? '' })}
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
              {entry.actorName ? `${entry.actorName} <${entry.actorEmail}>` : '—'}
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
