import { Card, DatePicker, Form, Input, Select, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LoginLogEntry } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { FilterActions } from '../../../components/list-page/filter-actions';
import { useListPagination } from '../../../components/list-page/use-list-pagination';
import { useLoginLog } from '../api/use-logs';

type LoginLogFilters = {
  email?: string;
  result?: 'success' | 'failure';
  ip?: string;
  dateFrom?: string;
  dateTo?: string;
};

interface FilterForm {
  email?: string;
  result?: 'success' | 'failure';
  ip?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const DATE = 'YYYY-MM-DD';

/** Spec §2 /systemConfig/loginLog: every sign-in attempt, times in India time. */
export function LoginLogPage() {
  const { t } = useTranslation();
  const { params, setFilters, setPage } = useListParams<LoginLogFilters>([
    'email',
    'result',
    'ip',
    'dateFrom',
    'dateTo',
  ]);
  const log = useLoginLog(params);
  const [form] = Form.useForm<FilterForm>();
  const { dateFrom, dateTo, ...rest } = params.filters;

  const pagination = useListPagination(params, log.data?.total, setPage);
  return (
    <Card title={<h1 className="page-heading">{t('route.loginLog')}</h1>}>
      <Form<FilterForm>
        form={form}
        name="login-log-filters"
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
        <Form.Item label={t('loginLog.email')} name="email">
          <Input allowClear />
        </Form.Item>
        <Form.Item label={t('loginLog.result')} name="result">
          <Select
            allowClear
            style={{ minWidth: 120 }}
            options={[
              { value: 'success', label: t('loginLog.success') },
              { value: 'failure', label: t('loginLog.failure') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('loginLog.address')} name="ip">
          <Input allowClear />
        </Form.Item>
        <Form.Item label={t('common.dateRange')} name="dates">
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('common.dateFrom'), t('common.dateTo')]}
          />
        </Form.Item>
        <FilterActions form={form} onReset={() => setFilters({})} />
      </Form>
      <Table<LoginLogEntry>
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
          { title: t('loginLog.email'), dataIndex: 'email' },
          {
            title: t('loginLog.account'),
            key: 'account',
            render: (_, entry) => entry.userName ?? '—',
          },
          {
            title: t('loginLog.result'),
            key: 'result',
            render: (_, entry) =>
              entry.success ? (
                <Tag color="green">{t('loginLog.success')}</Tag>
              ) : (
                <Tag color="red">
                  {t('loginLog.failure')}
                  {entry.failureReason ? `: ${t(`loginLog.reasons.${entry.failureReason}`)}` : ''}
                </Tag>
              ),
          },
          { title: t('loginLog.address'), dataIndex: 'ip' },
          {
            title: t('loginLog.userAgent'),
            dataIndex: 'userAgent',
            render: (agent: string) => (
              <Typography.Text ellipsis={{ tooltip: agent }} style={{ maxWidth: 280 }}>
                {agent}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}
