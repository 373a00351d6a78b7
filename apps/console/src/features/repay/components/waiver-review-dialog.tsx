import { Alert, Button, Descriptions, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RepayPlanRow, repayApi, waiverApprovalApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { formatIndiaDateTime, formatPaise } from '../../../lib/format';
import { useGrants } from '../../../lib/grants';
import { RequestError } from '../../../lib/request';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useKeyedForm } from '../../../lib/use-keyed-form';

interface Values {
  reason?: string;
}

/** The server's answer when the request lapsed while it waited (decision 0054). */
const REQUEST_LAPSED = 4192;

const lapsedError = (error: unknown) =>
  error instanceof RequestError && error.code === REQUEST_LAPSED;

type Kind = NonNullable<RepayPlanRow['pendingWaiver']>['kind'];

/**
 * What differs between a waiver and a write-off under review: their endpoints (each its own
 * grant) and the texts that name what is given away. The rest of the review is the same.
 */
const REVIEW = {
  waiver: {
    approve: waiverApprovalApi.approveWaiver,
    reject: waiverApprovalApi.rejectWaiver,
    texts: 'repay.waiverReview',
  },
  writeOff: {
    approve: waiverApprovalApi.approveWriteOff,
    reject: waiverApprovalApi.rejectWriteOff,
    texts: 'repay.writeOffReview',
  },
} as const;

/**
 * The second person's look at a waiver above the approval amount (decision 0045) or a
 * write-off (decision 0050): what it takes off today (a settlement or write-off grows as
 * charges accrue: they approve that sum), why and who asked; approve (it is applied) or reject
 * with a reason. The one who asked sees why they cannot decide it; the server refuses them too.
 */
export function WaiverReviewDialog({ open, row, onClose }: ActionFormProps<RepayPlanRow>) {
  const { t } = useTranslation();
  const { can } = useGrants();
  const waiting = row?.pendingWaiver ?? null;
  const kind: Kind = waiting?.kind ?? 'waiver';
  const review = REVIEW[kind];
  /** A text that names what this kind gives away (title, amount, approve…). */
  const textOf = (key: string) => `${review.texts}.${key}`;
  const { form, key } = useKeyedForm<Values>(open, `${kind}-approve`);
  const invalidates = [repayApi.listRepayPlan, repayApi.repayQuery];
  // A refusal refreshes the plan too: a lapsed request leaves its waiting filter at once.
  const approve = useEndpointMutation(review.approve, {
    invalidates,
    success: textOf('approved'),
    refreshAfter: 'settled',
  });
  const reject = useEndpointMutation(review.reject, {
    invalidates,
    success: textOf('rejected'),
    refreshAfter: 'settled',
  });
  /** The request the server said had lapsed: shown as such, never decided. */
  const [lapsedId, setLapsedId] = useState<number | null>(null);
  const lapsed = waiting !== null && lapsedId === waiting.id;
  const yours = waiting?.yours ?? false;
  const busy = approve.isPending || reject.isPending;

  const onApprove = async () => {
    if (!waiting) return;
    try {
      await approve.mutateAsync({
        id: waiting.id,
        idempotencyKey: key.current,
        amountPaise: waiting.toWaivePaise,
      });
      onClose();
    } catch (error) {
      // Toasted by the request client; the dialog stays open to read it.
      if (lapsedError(error)) setLapsedId(waiting.id);
    }
  };
  const onReject = async () => {
    if (!waiting) return;
    let reason: string;
    try {
      reason = ((await form.validateFields(['reason'])).reason ?? '').trim();
    } catch {
      return; // The field shows why.
    }
    try {
      await reject.mutateAsync({ id: waiting.id, reason });
      onClose();
    } catch (error) {
      if (lapsedError(error)) setLapsedId(waiting.id);
      else showFieldErrors(form, error, { reason: 'reason' });
    }
  };

  return (
    <Modal
      open={open}
      title={t(textOf('title'), { orderNo: row?.orderNo ?? '' })}
      onCancel={onClose}
      forceRender
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {can(review.reject) ? (
            <Button danger disabled={yours || lapsed} loading={reject.isPending} onClick={onReject}>
              {t('repay.waiverReview.reject')}
            </Button>
          ) : null}
          <Button
            type="primary"
            disabled={yours || busy || lapsed}
            loading={approve.isPending}
            onClick={onApprove}
          >
            {t(textOf('approve'))}
          </Button>
        </Space>
      }
    >
      {waiting ? (
        <>
          {lapsed ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('repay.waiverReview.lapsed')}
              description={t('repay.waiverReview.lapsedHint')}
            />
          ) : null}
          {yours ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t(textOf('ownRequest'))}
            />
          ) : null}
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t(textOf('amount'))}>
              <strong>{formatPaise(waiting.toWaivePaise)}</strong>
            </Descriptions.Item>
            {waiting.toWaivePaise !== waiting.amountPaise ? (
              <Descriptions.Item label={t('repay.waiverReview.askedAmount')}>
                {formatPaise(waiting.amountPaise)} {t('repay.waiverReview.accruedSince')}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('repay.waiverReview.kind')}>
              {t(
                kind === 'writeOff'
                  ? 'repay.writeOffReview.whole'
                  : waiting.settle
                    ? 'repay.waiverReview.settle'
                    : 'repay.waiverReview.parts',
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.waiverReview.reason')}>
              {waiting.reason}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.waiverReview.askedBy')}>
              {waiting.requestedBy}
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.waiverReview.askedAt')}>
              {formatIndiaDateTime(waiting.requestedAt)}
            </Descriptions.Item>
          </Descriptions>
          {can(review.reject) ? (
            <Form form={form} layout="vertical" name="waiver-review">
              <Form.Item
                name="reason"
                label={t('repay.waiverReview.rejectReason')}
                extra={t('repay.waiverReview.rejectReasonHint')}
                rules={[
                  {
                    required: true,
                    whitespace: true,
                    message: t('repay.validation.reasonRequired'),
                  },
                  { max: 500 },
                ]}
              >
                <Input.TextArea rows={2} disabled={yours} />
              </Form.Item>
            </Form>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
