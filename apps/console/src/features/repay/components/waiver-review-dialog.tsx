import { Alert, Button, Descriptions, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  approveWaiver,
  listRepayPlan,
  rejectWaiver,
  repayQuery,
  type RepayPlanRow,
} from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { formatIndiaDateTime, formatPaise } from '../../../lib/format';
import { useGrants } from '../../../lib/grants';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from './server-field-errors';
import { useKeyedForm } from './use-keyed-form';

interface Values {
  reason?: string;
}

/**
 * The second person's look at a waiver above the approval amount (decision 0045): what it
 * waives today (a settlement grows as charges accrue: they approve that sum), why and who
 * asked; approve (the waiver is applied) or reject with a reason. The one who asked sees why
 * they cannot decide it; the server refuses them too.
 */
export function WaiverReviewDialog({ open, row, onClose }: ActionFormProps<RepayPlanRow>) {
  const { t } = useTranslation();
  const { can } = useGrants();
  const { form, key } = useKeyedForm<Values>(open, 'waiver-approve');
  const invalidates = [listRepayPlan, repayQuery];
  const approve = useEndpointMutation(approveWaiver, {
    invalidates,
    success: 'repay.waiverReview.approved',
  });
  const reject = useEndpointMutation(rejectWaiver, {
    invalidates,
    success: 'repay.waiverReview.rejected',
  });
  const waiting = row?.pendingWaiver ?? null;
  const own = waiting?.yours ?? false;
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
    } catch {
      // Toasted by the request client; the dialog stays open to read it.
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
      showFieldErrors(form, error, { reason: 'reason' });
    }
  };

  return (
    <Modal
      open={open}
      title={t('repay.waiverReview.title', { orderNo: row?.orderNo ?? '' })}
      onCancel={onClose}
      forceRender
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {can(rejectWaiver) ? (
            <Button danger disabled={own} loading={reject.isPending} onClick={onReject}>
              {t('repay.waiverReview.reject')}
            </Button>
          ) : null}
          <Button
            type="primary"
            disabled={own || busy}
            loading={approve.isPending}
            onClick={onApprove}
          >
            {t('repay.waiverReview.approve')}
          </Button>
        </Space>
      }
    >
      {waiting ? (
        <>
          {own ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('repay.waiverReview.ownRequest')}
            />
          ) : null}
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('repay.waiverReview.amount')}>
              <strong>{formatPaise(waiting.toWaivePaise)}</strong>
            </Descriptions.Item>
            {waiting.toWaivePaise !== waiting.amountPaise ? (
              <Descriptions.Item label={t('repay.waiverReview.askedAmount')}>
                {formatPaise(waiting.amountPaise)} {t('repay.waiverReview.accruedSince')}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('repay.waiverReview.kind')}>
              {t(waiting.settle ? 'repay.waiverReview.settle' : 'repay.waiverReview.parts')}
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
          {can(rejectWaiver) ? (
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
                <Input.TextArea rows={2} disabled={own} />
              </Form.Item>
            </Form>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
