import { Alert, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type RejectionCode, approvalApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';

type CodeForm = Omit<RejectionCode, 'id' | 'usedCount'>;

/** A rejection code: texts (en, zh), stage, effect (re-apply days, blacklist), borrower message. */
export function RejectionCodeDialog({ open, row, onClose }: ActionFormProps<RejectionCode>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeForm>();
  const save = useEndpointMutation(approvalApi.saveRejectionCode, {
    invalidates: [approvalApi.rejectionCodeList],
    success: 'messages.saveSuccess',
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row ?? { stage: 'any', reapplyAfterDays: 30, blacklist: false, enabled: true },
    );
  }, [open, row, form]);
  const submit = async (values: CodeForm) => {
    try {
      await save.mutateAsync({ ...values, ...(row ? { id: row.id } : {}) });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, {
        code: 'code',
        textEn: 'textEn',
        textZh: 'textZh',
        borrowerMessage: 'borrowerMessage',
      });
    }
  };
  const required = { required: true, whitespace: true, message: t('approval.rejection.required') };
  return (
    <Modal
      open={open}
      title={row ? `${t('approval.rejection.edit')}: ${row.code}` : t('approval.rejection.newCode')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="rejection-code" onFinish={submit}>
        <Form.Item
          name="code"
          label={t('approval.rejection.code')}
          rules={[
            required,
            { pattern: /^[A-Z0-9_-]+$/, message: t('approval.rejection.codeRule') },
            { max: 40 },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="textEn"
          label={t('approval.rejection.textEn')}
          rules={[required, { max: 100 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="textZh"
          label={t('approval.rejection.textZh')}
          rules={[required, { max: 100 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="stage" label={t('approval.stage')} rules={[{ required: true }]}>
          <Select
            options={(['any', 'machine', 'first', 'final'] as const).map((value) => ({
              value,
              label: t(`approval.stages.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="reapplyAfterDays"
          label={t('approval.rejection.reapplyAfterDays')}
          rules={[{ required: true, type: 'integer', min: 0, max: 3650 }]}
        >
          <InputNumber min={0} max={3650} precision={0} addonAfter={t('approval.rejection.days')} />
        </Form.Item>
        <Form.Item
          name="blacklist"
          label={t('approval.rejection.blacklist')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Alert
          type="info"
          showIcon
          title={t('approval.rejection.blacklistNote')}
          style={{ marginBottom: 16 }}
        />
        <Form.Item
          name="borrowerMessage"
          label={t('approval.rejection.borrowerMessage')}
          rules={[required, { max: 300 }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="enabled" label={t('approval.rejection.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
