import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type SaveSettingBody,
  type SettingGroup,
  type SystemSetting,
  opsConfigApi,
} from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';

interface Values {
  item: string;
  value: string;
  type: 'string' | 'array';
  remarks: string;
}

const FIELDS = { item: 'item', value: 'value', type: 'type', remarks: 'remarks' };

/**
 * A configuration item: item, value, type (string or array, comma-separated) and remarks
 * (docs/product.md §3), none empty (docs/product.md §5). A known item's key and type are fixed.
 */
export function SettingFormModal({
  open,
  setting,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  setting: SystemSetting | null;
  saving: boolean;
  onSubmit: (body: SaveSettingBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form);
  const emptyMessage = t('opsConfig.setting.notEmpty');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      item: setting?.item ?? '',
      value: setting?.value ?? '',
      type: setting?.type ?? 'string',
      remarks: setting?.remarks ?? '',
    });
  }, [open, setting, form]);

  const onFinish = async (values: Values) => {
    try {
      await onSubmit({
        item: values.item.trim(),
        value: values.value,
        type: values.type,
        remarks: values.remarks.trim(),
        create: setting === null,
        ...(setting ? { group: setting.group } : {}),
      });
    } catch (error) {
      showFieldErrors(form, error, FIELDS);
    }
  };

  const required = { required: true, whitespace: true, message: emptyMessage };
  return (
    <Modal
      open={open}
      title={setting ? t('opsConfig.setting.edit') : t('opsConfig.setting.new')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        name="setting-form"
      >
        <Form.Item name="item" label={t('opsConfig.setting.item')} rules={[required]}>
          <Input disabled={setting !== null} maxLength={64} />
        </Form.Item>
        <Form.Item name="type" label={t('opsConfig.setting.type')}>
          <Radio.Group disabled={setting?.known === true}>
            <Radio value="string">{t('opsConfig.setting.types.string')}</Radio>
            <Radio value="array">{t('opsConfig.setting.types.array')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="value"
          label={t('opsConfig.setting.value')}
          rules={[required]}
          extra={type === 'array' ? t('opsConfig.setting.arrayHint') : undefined}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        <Form.Item name="remarks" label={t('opsConfig.setting.remarks')} rules={[required]}>
          <Input maxLength={500} />
        </Form.Item>
        {setting?.readBy ? (
          <Alert
            type="info"
            showIcon
            message={t('opsConfig.setting.readByNote', { readBy: setting.readBy })}
          />
        ) : null}
      </Form>
    </Modal>
  );
}

/** The item form as the configuration lists open it: new from the toolbar, edit on a row. */
export function SettingFormDialog({
  open,
  row,
  onClose,
  group,
}: ActionFormProps<SystemSetting> & { group: SettingGroup }) {
  const save = useEndpointMutation(opsConfigApi.saveSetting, {
    invalidates: [opsConfigApi.listSettings],
    success: 'messages.saveSuccess',
  });
  return (
    <SettingFormModal
      open={open}
      setting={row ?? null}
      saving={save.isPending}
      onCancel={onClose}
      onSubmit={async (body) => {
        await save.mutateAsync(row ? body : { ...body, group });
        onClose();
      }}
    />
  );
}
