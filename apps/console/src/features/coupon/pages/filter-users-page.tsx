import { Alert, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AudienceFilters,
  type AudienceSegment,
  type EndpointRet,
  couponApi,
} from '@lending/contract';
import { useGrants } from '../../../lib/grants';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';

const SEGMENTS: readonly AudienceSegment[] = [
  'clearedNotReborrowed',
  'registeredNotApplied',
  'overdueHistory',
  'all',
];
const PAGE_SIZE = 20;

interface FormValues {
  segment: AudienceSegment;
  customerType?: 'new' | 'old';
  channel?: string;
  registered?: [Dayjs, Dayjs] | null;
}

/** The form's values as the audience filters the server reads (empty fields left out). */
export function audienceFilters(values: FormValues): AudienceFilters {
  const channel = values.channel?.trim();
  return {
    segment: values.segment,
    ...(values.customerType ? { customerType: values.customerType } : {}),
    ...(channel ? { channel } : {}),
    ...(values.registered
      ? {
          registeredFrom: values.registered[0].format('YYYY-MM-DD'),
          registeredTo: values.registered[1].format('YYYY-MM-DD'),
        }
      : {}),
  };
}

type SendResult = EndpointRet<typeof couponApi.sendCoupon>;

/**
 * /coupon/filterUsers: build an audience from the book (cleared and not borrowing
 * again, registered and never applied, overdue history, or everyone; by new/old, channel and
 * registration date), see who it reaches (masked; blacklisted borrowers are left out and
 * counted), and send an available coupon to it after a confirmation. The send carries one
 * idempotency key per confirmation, so a retried click sends once.
 */
export function FilterUsersPage() {
  const { t } = useTranslation();
  const { can } = useGrants();
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<AudienceFilters | null>(null);
  const [page, setPage] = useState(1);
  const [couponId, setCouponId] = useState<number | undefined>();
  const [result, setResult] = useState<SendResult | null>(null);
  const audience = useEndpointQuery(
    couponApi.couponAudience,
    { page, pageSize: PAGE_SIZE, filters: filters ?? { segment: 'all' } },
    { enabled: filters !== null, keepPrevious: true },
  );
  const coupons = useEndpointQuery(
    couponApi.listCoupons,
    { page: 1, pageSize: 100, filters: { status: 'available' } },
    { enabled: can(couponApi.sendCoupon) },
  );
  const send = useEndpointMutation(couponApi.sendCoupon, {
    invalidates: [couponApi.listCoupons, couponApi.listSentCoupons, couponApi.couponAudience],
    success: 'coupon.sendSuccess',
  });
  const chosen = coupons.data?.list.find((c) => c.id === couponId);
  const total = audience.data?.total ?? 0;

  const search = (values: FormValues) => {
    setFilters(audienceFilters(values));
    setPage(1);
    setResult(null);
  };
  const confirmSend = () => {
    if (!filters || !chosen) return;
    const idempotencyKey = newIdempotencyKey('coupon-send');
    Modal.confirm({
      title: t('coupon.sendConfirm', { title: chosen.title, count: total }),
      okText: t('coupon.send'),
      cancelText: t('common.cancel'),
      onOk: () =>
        send.mutateAsync({ couponId: chosen.id, filters, idempotencyKey }).then(setResult, () => {
          // toasted by the request client
        }),
    });
  };

  return (
    <Card title={<h1 className="page-heading">{t('route.filterUsers')}</h1>}>
      <Form
        form={form}
        layout="inline"
        name="coupon-audience"
        initialValues={{ segment: 'clearedNotReborrowed' }}
        onFinish={search}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="segment" label={t('coupon.segment')} rules={[{ required: true }]}>
          <Select
            style={{ minWidth: 240 }}
            options={SEGMENTS.map((value) => ({ value, label: t(`coupon.segments.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="customerType" label={t('coupon.customerType')}>
          <Select
            allowClear
            style={{ minWidth: 120 }}
            options={(['new', 'old'] as const).map((value) => ({
              value,
              label: t(`coupon.customerTypes.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="channel" label={t('coupon.channel')} rules={[{ max: 40 }]}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="registered" label={t('coupon.registeredRange')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('coupon.findAudience')}
          </Button>
        </Form.Item>
      </Form>

      {filters && audience.data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('coupon.audienceSize', {
            count: audience.data.total,
            blacklisted: audience.data.blacklisted,
          })}
        />
      )}

      {can(couponApi.sendCoupon) && (
        <Space style={{ marginBottom: 16 }} wrap>
          <Select
            aria-label={t('coupon.chooseCoupon')}
            placeholder={t('coupon.chooseCoupon')}
            style={{ minWidth: 280 }}
            value={couponId}
            onChange={setCouponId}
            options={(coupons.data?.list ?? []).map((c) => ({
              value: c.id,
              label: t('coupon.couponOption', { title: c.title, remaining: c.remainingNumber }),
            }))}
          />
          <Button
            type="primary"
            disabled={!filters || !chosen || total === 0}
            loading={send.isPending}
            onClick={confirmSend}
          >
            {t('coupon.send')}
          </Button>
        </Space>
      )}

      {result && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('coupon.sendResult', result)}
        />
      )}

      {filters && (
        <Table
          rowKey="id"
          size="small"
          loading={audience.isFetching}
          dataSource={audience.data?.list ?? []}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { key: 'name', title: t('coupon.customer'), dataIndex: 'name' },
            { key: 'phone', title: t('coupon.phone'), dataIndex: 'phone' },
            { key: 'channel', title: t('coupon.channel'), dataIndex: 'channel' },
            {
              key: 'registrationDate',
              title: t('coupon.registrationDate'),
              dataIndex: 'registrationDate',
            },
            {
              key: 'customerType',
              title: t('coupon.customerType'),
              render: (_, row) =>
                row.customerType ? t(`coupon.customerTypes.${row.customerType}`) : '',
            },
            { key: 'loansTaken', title: t('coupon.loansTaken'), dataIndex: 'loansTaken' },
          ]}
        />
      )}
    </Card>
  );
}
