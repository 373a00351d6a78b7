import { Form, Modal, Select } from 'antd';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueueRow, type ReviewStage, approvalApi } from '@lending/contract';
import { listPage, type BulkFormProps, type ListKit } from '../../../components/list-page';
import { verificationStatusTags } from '../../../components/verification/checking-status-tags';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { approvalDetailPath } from '../approval-paths';
import { customerTypeTags, decisionTags } from '../approval-tags';
import { useReviewerFilterOptions, useReviewerOptions } from '../use-approval-options';

/** 'select distribution personnel' → 'Success distribute': the selected orders to one reviewer. */
function DistributeDialog({
  open,
  rows,
  onClose,
  onDone,
  stage,
}: BulkFormProps<QueueRow> & { stage: ReviewStage }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reviewerId: number }>();
  const options = useReviewerOptions(stage, open);
  const assign = useEndpointMutation(approvalApi.assignReview, {
    invalidates: [approvalApi.reviewQueue],
    success: 'messages.distributeSuccess',
  });
  return (
    <Modal
      open={open}
      title={t('approval.queue.distributeTitle', { count: rows.length })}
      okText={t('approval.queue.distribute')}
      cancelText={t('common.cancel')}
      confirmLoading={assign.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        name="distribute"
        onFinish={({ reviewerId }) =>
          assign.mutate(
            { taskIds: rows.map((row) => row.taskId), reviewerId },
            { onSuccess: () => onDone() },
          )
        }
      >
        <Form.Item
          name="reviewerId"
          label={t('approval.queue.distributionPersonnel')}
          rules={[{ required: true, message: t('approval.queue.selectDistributionPersonnel') }]}
        >
          <Select
            placeholder={t('approval.queue.selectDistributionPersonnel')}
            options={(options.data?.reviewers ?? [])
              .filter((r) => r.onDuty)
              .map((r) => ({ value: r.userId, label: r.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const distributeDialogs: Record<ReviewStage, (props: BulkFormProps<QueueRow>) => JSX.Element> = {
  first: (props) => <DistributeDialog {...props} stage="first" />,
  final: (props) => <DistributeDialog {...props} stage="final" />,
};

/**
 * /approve/reviewFirst* and /approve/reviewFinal*: the review queues with waiting time,
 * assigned reviewer, amount, new/old, product, channel and machine score. A reviewer's lists
 * show their own work (the server scopes them); a lead sees all and distributes.
 */
function reviewQueuePage(stage: ReviewStage, state: 'wait' | 'pass' | 'reject', route: string) {
  return ({ column, filter, action }: ListKit<typeof approvalApi.reviewQueue>) => {
    return {
      route,
      fixedFilters: { stage, state },
      rowLabel: (row: QueueRow) => row.orderNo,
      rowKey: (row: QueueRow) => row.taskId,
      filters: [
        filter.text('orderNo', 'approval.orderNo'),
        filter.text('phone', 'approval.phone'),
        filter.choice('customerType', 'approval.customerType', {
          new: 'approval.customerTypes.new',
          old: 'approval.customerTypes.old',
        }),
        filter.select('reviewerId', 'approval.reviewer', useReviewerFilterOptions),
      ],
      columns: [
        column.link('orderNo', 'approval.orderNo', {
          to: (row: QueueRow) => approvalDetailPath(row.orderNo),
          fixed: 'start' as const,
        }),
        column.masked('customerName', 'approval.customer'),
        column.masked('phone', 'approval.phone'),
        column.money('principalPaise', 'approval.amount', { sortable: true }),
        column.status('customerType', 'approval.customerType', customerTypeTags),
        column.text('productName', 'approval.product'),
        column.text('channel', 'approval.channel'),
        column.count('machineScore', 'approval.machineScore', { sortable: true }),
        column.render(
          'reviewer',
          'approval.reviewer',
          (row: QueueRow, t) => row.reviewerName ?? t('approval.unassigned'),
        ),
        column.render('waiting', 'approval.waiting', (row: QueueRow, t) =>
          t('approval.waitingMinutes', { count: row.waitingMinutes }),
        ),
        column.instant('queuedAt', 'approval.queuedAt', { sortable: true }),
        // The verification call's result (decision 0078): the reviewer knows it was made.
        column.status('checkingStatus', 'verification.status.label', verificationStatusTags),
        ...(state === 'wait'
          ? []
          : [
              column.status('decision', 'approval.decision', decisionTags),
              column.instant('decidedAt', 'approval.decidedAt', { sortable: true }),
              ...(state === 'reject'
                ? [column.text('rejectionCode', 'approval.rejectionCode')]
                : []),
              column.ellipsis('remarks', 'approval.remarks'),
            ]),
      ],
      rowActions: [
        action.link(
          state === 'wait' ? 'approval.review' : 'approval.view',
          (row: QueueRow) => approvalDetailPath(row.orderNo),
          { needs: approvalApi.reviewForm },
        ),
      ],
      bulkActions:
        state === 'wait'
          ? [
              action.bulkForm('approval.queue.distribute', distributeDialogs[stage], {
                needs: approvalApi.assignReview,
              }),
            ]
          : [],
    };
  };
}

export const ReviewFirstWaitPage = listPage(
  approvalApi.reviewQueue,
  reviewQueuePage('first', 'wait', 'reviewFirstWait'),
);
export const ReviewFirstPassPage = listPage(
  approvalApi.reviewQueue,
  reviewQueuePage('first', 'pass', 'reviewFirstPass'),
);
export const ReviewFirstRejectPage = listPage(
  approvalApi.reviewQueue,
  reviewQueuePage('first', 'reject', 'reviewFirstReject'),
);
export const ReviewFinalWaitPage = listPage(
  approvalApi.reviewQueue,
  reviewQueuePage('final', 'wait', 'reviewFinalWait'),
);
export const ReviewFinalPassPage = listPage(
  approvalApi.reviewQueue,
  reviewQueuePage('final', 'pass', 'reviewFinalPass'),
);
export const ReviewFinalRejectPage = listPage(
  approvalApi.reviewQueue,
  reviewQueuePage('final', 'reject', 'reviewFinalReject'),
);
