import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role, SaveRoleBody } from '@lending/contract';

export interface RoleFormValues {
  name: string;
  description: string;
}

/** Create (no role) or edit a role's name and description. */
export function RoleFormModal({
  open,
  role,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  role: Role | null;
  saving: boolean;
  onSubmit: (body: SaveRoleBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: role?.name ?? '', description: role?.description ?? '' });
  }, [open, role, form]);

  return (
    <Modal
      open={open}
      title={role ? t('role.editRole') : t('role.newRole')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<RoleFormValues>
        form={form}
        name="role-form"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          onSubmit({
            ...(role ? { id: role.id } : {}),
            name: values.name.trim(),
            description: values.description.trim(),
          })
        }
      >
        <Form.Item
          label={t('role.name')}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t('role.nameRequired') },
            { max: 50 },
          ]}
        >
          <Input disabled={role?.isSystem} maxLength={50} />
        </Form.Item>
        <Form.Item label={t('role.description')} name="description" rules={[{ max: 200 }]}>
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
