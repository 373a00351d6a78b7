import { useState } from 'react';
import { Button, Form, Input, Modal, Radio, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type ReconciliationBreakRow,
  type ReconciliationDayRow,
  financeApi,
} from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useGrants } from '../../../lib/grants';
import { formatIndiaDateTime, formatPaise } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { breakStatusTags, creditRefundStatusTags } from '../finance-tags';
import { AgreementFields, PayeeFields } from './credit-dialogs';

type Action = 'accept' | 'refund' | 'apply' | 'ignore';

interface ResolveValues {
  action: Action;
  reason?: string;
  refundTo?: 'borrower_account' | 'payer';
  payee?: { name: string; accountNumber: string; ifsc: string };
  orderNo?: string;
  agreementChannel?: 'phone' | 'sms' | 'email' | 'app' | 'letter';
  agreementReference?: string;
}

/** A gateway-only break whose credit no loan took: refunded (two people) or applied by agreement. */
const isUnapplied = (item: ReconciliationBreakRow) =>
  item.kind === 'gateway_only' && item.creditId !== null;

/**
 * One break's resolution: accept the gateway's record, refund, or ignore with a reason; an
 * unapplied credit's refund asks where to, and applying it asks for the loan and the agreement.
 */
function ResolveForm({ item, onDone }: { item: ReconciliationBreakRow; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResolveValues>();
  const [key] = useState(() => newIdempotencyKey('break'));
  const action = Form.useWatch('action', form);
  const refundTo = Form.useWatch('refundTo', form);
  const unapplied = isUnapplied(item);
  const actions: readonly Action[] = unapplied
    ? ['accept', 'refund', 'apply', 'ignore']
    : ['accept', 'refund', 'ignore'];
  const resolve = useEndpointMutation(financeApi.resolveBreak, {
    invalidates: [financeApi.reconciliationBreakList, financeApi.reconciliationDayList],
    refreshAfter: 'settled',
    success: 'finance.breaks.resolved',
  });
  const submit = async (values: ResolveValues) => {
    const refunding = values.action === 'refund' && unapplied;
    try {
      await resolve.mutateAsync({
        breakId: item.id,
        action: values.action,
        ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
        ...(refunding && values.refundTo ? { refundTo: values.refundTo } : {}),
        ...(refunding && values.refundTo === 'payer' && values.payee
          ? { payee: values.payee }
          : {}),
        ...(values.action === 'apply'
          ? {
              orderNo: values.orderNo?.trim(),
              agreementChannel: values.agreementChannel,
              agreementReference: values.agreementReference?.trim(),
            }
          : {}),
        idempotencyKey: key,
      });
      onDone();
    } catch (error) {
      // Toasted by the request client; field errors at their fields; the form stays.
      showFieldErrors(form, error, {
        reason: 'reason',
        orderNo: 'orderNo',
        agreementChannel: 'agreementChannel',
        agreementReference: 'agreementReference',
      });
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      name={`resolve-break-${item.id}`}
      initialValues={{ action: 'ignore', refundTo: 'borrower_account' }}
      onFinish={submit}
    >
      <Form.Item name="action" label={t('finance.breaks.action')}>
        <Radio.Group
          options={actions.map((value) => ({
            value,
            label: t(`finance.breaks.actions.${value}`),
          }))}
        />
      </Form.Item>
      {action === 'refund' && unapplied ? (
        <>
          <Form.Item name="refundTo" label={t('finance.breaks.refundTo')}>
            <Radio.Group
              options={(['borrower_account', 'payer'] as const).map((value) => ({
                value,
                label: t(`finance.credits.destinations.${value}`),
              }))}
            />
          </Form.Item>
          {refundTo === 'payer' ? <PayeeFields /> : null}
        </>
      ) : null}
      {action === 'apply' ? <AgreementFields /> : null}
      <Form.Item
        name="reason"
        label={t('finance.breaks.reason')}
        rules={[
          {
            required: action === 'ignore' || (action === 'refund' && unapplied),
            whitespace: true,
            message: t('finance.breaks.reasonRequired'),
          },
          { max: 500 },
        ]}
      >
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={resolve.isPending}>
        {t('finance.breaks.resolve')}
      </Button>
    </Form>
  );
}

/** The breaks of one reconciliation day, each resolvable by a holder of the grant. */
export function BreaksDialog({ open, row, onClose }: ActionFormProps<ReconciliationDayRow>) {
  const { t } = useTranslation();
  const { can } = useGrants();
  const canResolve = can(financeApi.resolveBreak);
  const [resolving, setResolving] = useState<number | undefined>();
  const breaks = useEndpointQuery(
    financeApi.reconciliationBreakList,
    { page: 1, pageSize: 100, filters: { dayId: row?.id } },
    { enabled: open && row !== undefined },
  );
  const items = breaks.data?.list ?? [];
  const current = items.find((item) => item.id === resolving);
  return (
    <Modal
      open={open}
      width={1000}
      title={t('finance.breaks.title', {
        date: row?.date ?? '',
        side: t(`finance.sides.${row?.side ?? 'collection'}`),
      })}
      footer={null}
      onCancel={() => {
        setResolving(undefined);
        onClose();
      }}
    >
      <Table<ReconciliationBreakRow>
        size="small"
        rowKey="id"
        loading={breaks.isFetching}
        pagination={false}
        dataSource={items}
        locale={{ emptyText: t('finance.breaks.none') }}
        columns={[
          {
            title: t('finance.breaks.kind'),
            dataIndex: 'kind',
            render: (kind: string) => t(`finance.breaks.kinds.${kind}`),
          },
          { title: t('finance.breaks.reference'), dataIndex: 'reference' },
          { title: t('finance.orderNo'), dataIndex: 'orderNo' },
          {
            title: t('finance.breaks.ours'),
            dataIndex: 'oursPaise',
            align: 'right',
            render: (value: number | null) => (value === null ? '—' : formatPaise(value)),
          },
          {
            title: t('finance.breaks.gateway'),
            dataIndex: 'gatewayPaise',
            align: 'right',
            render: (value: number | null) => (value === null ? '—' : formatPaise(value)),
          },
          {
            title: t('finance.status'),
            dataIndex: 'status',
            render: (status: ReconciliationBreakRow['status'], item) => (
              <>
                <Tag color={breakStatusTags[status].color}>{t(breakStatusTags[status].label)}</Tag>
                {item.refundStatus ? (
                  <Tag color={creditRefundStatusTags[item.refundStatus].color}>
                    {t('finance.breaks.refundStatus', {
                      status: t(creditRefundStatusTags[item.refundStatus].label),
                    })}
                  </Tag>
                ) : null}
              </>
            ),
          },
          {
            title: t('finance.breaks.resolution'),
            key: 'resolution',
            render: (_, item) =>
              item.status === 'open' ? (
                canResolve ? (
                  <Button
                    size="small"
                    onClick={() => setResolving(item.id)}
                    aria-label={t('finance.breaks.resolveOne', { reference: item.reference })}
                  >
                    {t('finance.breaks.resolve')}
                  </Button>
                ) : null
              ) : (
                `${item.resolvedBy ?? ''} ${item.resolvedAt ? formatIndiaDateTime(item.resolvedAt) : ''} ${item.note ?? ''}`
              ),
          },
        ]}
      />
      {current ? (
        <div style={{ marginTop: 16 }}>
          <ResolveForm key={current.id} item={current} onDone={() => setResolving(undefined)} />
        </div>
      ) : null}
    </Modal>
  );
}
