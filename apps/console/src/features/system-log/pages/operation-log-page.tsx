import { Button, Card, DatePicker, Form, Input, Select, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminEndpoints, type OperationLogEntry } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { FilterActions } from '../../../components/list-page/filter-actions';
import { useListPagination } from '../../../components/list-page/use-list-pagination';
import { useOperationLog } from '../api/use-logs';
import { OperationDetailDrawer } from '../components/operation-detail-drawer';

type OperationFilters = {
  actor?: string;
  module?: string;
  targetType?: string;
  targetId?: string;
  dateFrom?: string;
  dateTo?: string;
};

interface FilterForm extends Omit<OperationFilters, 'dateFrom' | 'dateTo'> {
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const DATE = 'YYYY-MM-DD';
const modules = [...new Set(adminEndpoints.map((endpoint) => endpoint.module))];

/** Spec §2 /systemConfig/log: every call that changed data; one entry in a drawer. */
export function OperationLogPage() {
  const { t } = useTranslation();
  const { params, setFilters, setPage } = useListParams<OperationFilters>([
    'actor',
    'module',
    'targetType',
    'targetId',
    'dateFrom',
    'dateTo',
  ]);
  const log = useOperationLog(params);
  const [form] = Form.useForm<FilterForm>();
  const [openId, setOpenId] = useState<number | null>(null);
  const { dateFrom, dateTo, ...rest } = params.filters;

  const pagination = useListPagination(params, log.data?.total, setPage);
  return (
    <Card title={<h1 className="page-heading">{t('route.log')}</h1>}>
      <Form<FilterForm>
        form={form}
        name="operation-log-filters"
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{
          ...rest,
          dates:
            dateFrom || dateTo
              ? [dateFrom ? dayjs(dateFrom) : null, dateTo ? dayjs(dateTo) : null]
              : null,
        }}
        onFinish={({ dates, ...values }) =>
          setFilters({
            ...values,
            dateFrom: dates?.[0]?.format(DATE),
            dateTo: dates?.[1]?.format(DATE),
          })
        }
      >
        <Form.Item label={t('operationLog.actor')} name="actor">
          <Input allowClear placeholder={t('operationLog.actorPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('operationLog.module')} name="module">
          <Select
            allowClear
            style={{ minWidth: 130 }}
            options={modules.map((module) => ({ value: module, label: module }))}
          />
        </Form.Item>
        <Form.Item label={t('operationLog.targetType')} name="targetType">
          <Input allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item label={t('operationLog.targetId')} name="targetId">
          <Input allowClear style={{ width: 110 }} />
        </Form.Item>
        <Form.Item label={t('common.dateRange')} name="dates">
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('common.dateFrom'), t('common.dateTo')]}
          />
        </Form.Item>
        <FilterActions form={form} onReset={() => setFilters({})} />
      </Form>
      <Table<OperationLogEntry>
        rowKey="id"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={pagination}
        columns={[
          {
            title: t('common.time'),
            dataIndex: 'at',
            render: (at: string) => formatIndiaDateTime(at),
          },
          {
            title: t('operationLog.actor'),
            key: 'actor',
            render: (_, entry) =>
              entry.actorName ? `${entry.actorName} <${entry.actorEmail}>` : '—',
          },
          {
            title: t('operationLog.action'),
            dataIndex: 'action',
            render: (action: string) => <Typography.Text code>{action}</Typography.Text>,
          },
          { title: t('operationLog.summary'), dataIndex: 'summary' },
          {
            title: t('operationLog.target'),
            key: 'target',
            render: (_, entry) => `${entry.targetType} ${entry.targetId}`.trim(),
          },
          { title: t('operationLog.address'), dataIndex: 'ip' },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, entry) => (
              <Button
                size="small"
                aria-label={`${t('common.detail')}: #${entry.id}`}
                onClick={() => setOpenId(entry.id)}
              >
                {t('common.detail')}
              </Button>
            ),
          },
        ]}
      />
      <OperationDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
