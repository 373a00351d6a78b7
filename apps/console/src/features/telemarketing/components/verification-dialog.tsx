import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  verificationItemSchema,
  type VerificationItem,
  type VerificationResult,
  type VerificationRow,
  approvalApi,
  telemarketingApi,
} from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useEndpointMutation } from '../../../lib/use-endpoint';

interface Values {
  items?: VerificationItem[];
  result?: VerificationResult;
  notes?: string;
}

/**
 * Record a verification call on an order waiting for manual review (decision 0078): what was
 * verified (at least one item), passed or failed, and notes, which a failed call needs. The
 * server refuses it outside the calling hours and once the order has left review; the
 * request client toasts its reason and nothing is kept.
 */
export function VerificationDialog({
  open,
  row,
  onClose,
}: ActionFormProps<Pick<VerificationRow, 'orderId' | 'orderNo'>>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const failed = Form.useWatch('result', form) === 'failed';
  const save = useEndpointMutation(telemarketingApi.recordVerification, {
    // The review queues show the status too.
    invalidates: [telemarketingApi.listVerifications, approvalApi.reviewQueue],
    success: 'verification.record.success',
  });
  const submit = async (values: Values) => {
    if (!row) return;
    const notes = (values.notes ?? '').trim();
    try {
      await save.mutateAsync({
        orderId: row.orderId,
        items: values.items ?? [],
        result: values.result!,
        ...(notes ? { notes } : {}),
      });
      form.resetFields();
      onClose();
    } catch (error) {
      showFieldErrors(form, error, { items: 'items', result: 'result', notes: 'notes' });
    }
  };
  return (
    <Modal
      open={open}
      title={t('verification.record.title', { orderNo: row?.orderNo ?? '' })}
      okText={t('verification.record.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Alert
        type="info"
        showIcon
        message={t('verification.record.explain')}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" name="verificationCall" onFinish={submit}>
        <Form.Item
          name="items"
          label={t('verification.record.items')}
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              message: t('verification.messages.selectItems'),
            },
          ]}
        >
          <Select
            mode="multiple"
            options={verificationItemSchema.options.map((value) => ({
              value,
              label: t(`verification.items.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="result"
          label={t('verification.record.result')}
          rules={[{ required: true, message: t('verification.messages.selectResult') }]}
        >
          <Radio.Group
            options={(['passed', 'failed'] as const).map((value) => ({
              value,
              label: t(`verification.status.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="notes"
          label={t('verification.record.notes')}
          extra={t('verification.record.notesHelp')}
          dependencies={['result']}
          rules={[
            {
              required: failed,
              whitespace: true,
              message: t('verification.messages.fillNotes'),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
