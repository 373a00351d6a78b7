import { Button, Form, Input, Modal, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppVersion, type SaveVersionBody, opsConfigApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';

interface Values {
  version: string;
  content: string;
  forceUpdate: boolean;
  packageUrl: string;
}

const VERSION = /^(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})$/;
const FIELDS = {
  version: 'version',
  content: 'content',
  forceUpdate: 'forceUpdate',
  packageUrl: 'packageUrl',
};

/**
 * A version release (docs/product.md §3: version number, update content, force update, package
 * address). The version is fixed once released; the rest can be corrected.
 */
export function VersionForm({
  release,
  saving,
  onSubmit,
  onCancel,
  inModal = false,
}: {
  release: AppVersion | null;
  saving: boolean;
  onSubmit: (body: SaveVersionBody) => Promise<void>;
  onCancel: () => void;
  inModal?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({
      version: release?.version ?? '',
      content: release?.content ?? '',
      forceUpdate: release?.forceUpdate ?? false,
      packageUrl: release?.packageUrl ?? '',
    });
  }, [release, form]);

  const onFinish = async (values: Values) => {
    try {
      await onSubmit({
        version: values.version.trim(),
        content: values.content.trim(),
        forceUpdate: values.forceUpdate,
        packageUrl: values.packageUrl.trim(),
        create: release === null,
      });
    } catch (error) {
      showFieldErrors(form, error, FIELDS);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      name="version-form"
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        name="version"
        label={t('opsConfig.version.version')}
        rules={[
          { required: true, pattern: VERSION, message: t('opsConfig.version.versionInvalid') },
        ]}
      >
        <Input disabled={release !== null} placeholder="1.4.2" maxLength={14} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('opsConfig.version.content')}
        rules={[
          { required: true, whitespace: true, message: t('opsConfig.version.contentRequired') },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} />
      </Form.Item>
      <Form.Item
        name="forceUpdate"
        label={t('opsConfig.version.forceUpdate')}
        valuePropName="checked"
        extra={t('opsConfig.version.forceHint')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="packageUrl"
        label={t('opsConfig.version.packageUrl')}
        rules={[
          {
            required: true,
            pattern: /^https:\/\/[^\s/]+\.[^\s]+$/,
            message: t('opsConfig.appConfig.httpsOnly'),
          },
        ]}
      >
        <Input placeholder="https://" maxLength={500} />
      </Form.Item>
      {inModal ? null : (
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('opsConfig.version.release')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Space>
      )}
      {inModal ? <button type="submit" hidden aria-hidden /> : null}
    </Form>
  );
}

/** Correcting a release from its row (content, force update, package address). */
export function VersionFormDialog({ open, row, onClose }: ActionFormProps<AppVersion>) {
  const { t } = useTranslation();
  const save = useEndpointMutation(opsConfigApi.saveVersion, {
    invalidates: [opsConfigApi.listVersions],
    success: 'messages.updateSuccess',
  });
  return (
    <Modal
      open={open}
      title={t('opsConfig.version.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() =>
        document.querySelector<HTMLFormElement>('form[id="version-form"]')?.requestSubmit()
      }
      onCancel={onClose}
      destroyOnHidden
    >
      {open ? (
        <VersionForm
          inModal
          release={row ?? null}
          saving={save.isPending}
          onCancel={onClose}
          onSubmit={async (body) => {
            await save.mutateAsync(body);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
