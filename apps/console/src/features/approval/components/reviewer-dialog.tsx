import { Form, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReviewerRow, approvalApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useReviewerOptions } from '../use-approval-options';

interface ReviewerForm {
  userId: number;
  groupId: number;
  onDuty: boolean;
  dailyCap: number | null;
}

/** Adds a staff account as a reviewer, or changes one: group, duty, own cap. */
export function ReviewerDialog({ open, row, onClose }: ActionFormProps<ReviewerRow>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReviewerForm>();
  const options = useReviewerOptions(undefined, open);
  const save = useEndpointMutation(approvalApi.saveReviewer, {
    invalidates: [approvalApi.reviewerList, approvalApi.reviewerOptions],
    success: 'messages.saveSuccess',
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) {
      form.setFieldsValue({
        userId: row.userId,
        groupId: row.groupId,
        onDuty: row.onDuty,
        dailyCap: row.ownCap,
      });
    } else form.setFieldsValue({ onDuty: true, dailyCap: null });
  }, [open, row, form]);
  const submit = async (values: ReviewerForm) => {
    try {
      await save.mutateAsync({ ...values, dailyCap: values.dailyCap ?? null });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, { userId: 'userId', groupId: 'groupId', dailyCap: 'dailyCap' });
    }
  };
  const staff = row
    ? [{ value: row.userId, label: row.name }]
    : (options.data?.staff ?? []).map((s) => ({ value: s.userId, label: s.name }));
  return (
    <Modal
      open={open}
      title={row ? `${t('approval.reviewers.edit')}: ${row.name}` : t('approval.reviewers.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="reviewer" onFinish={submit}>
        <Form.Item
          name="userId"
          label={t('approval.reviewers.staff')}
          rules={[{ required: true, message: t('approval.reviewers.selectStaff') }]}
        >
          <Select disabled={!!row} options={staff} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item
          name="groupId"
          label={t('approval.reviewers.group')}
          rules={[{ required: true, message: t('approval.reviewers.selectGroup') }]}
        >
          <Select
            options={(options.data?.groups ?? []).map((g) => ({
              value: g.id,
              label: `${g.name} (${t(`approval.stages.${g.stage}`)})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="onDuty" label={t('approval.reviewers.onDuty')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="dailyCap" label={t('approval.reviewers.ownCap')}>
          <InputNumber min={1} max={10_000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
