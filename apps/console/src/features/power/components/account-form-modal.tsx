import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateUserBody, EditUserBody, Role, StaffUser } from '@lending/contract';
import { PasswordFields } from './password-fields';

export interface AccountFormValues {
  email: string;
  name: string;
  roleIds: number[];
  password?: string;
  passwordConfirm?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Create an account (e-mail, name, roles, initial password) or edit one (name, roles). */
export function AccountFormModal({
  open,
  account,
  roles,
  saving,
  onCreate,
  onEdit,
  onCancel,
}: {
  open: boolean;
  account: StaffUser | null;
  roles: Role[];
  saving: boolean;
  onCreate: (body: CreateUserBody) => void;
  onEdit: (body: EditUserBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AccountFormValues>();
  const email = Form.useWatch('email', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      email: account?.email ?? '',
      name: account?.name ?? '',
      roleIds: account?.roles.map((role) => role.id) ?? [],
    });
  }, [open, account, form]);

  const onFinish = (values: AccountFormValues) => {
    if (account) {
      onEdit({ id: account.id, name: values.name.trim(), roleIds: values.roleIds });
    } else {
      onCreate({
        email: values.email.trim(),
        name: values.name.trim(),
        roleIds: values.roleIds,
        password: values.password ?? '',
      });
    }
  };

  return (
    <Modal
      open={open}
      title={account ? t('account.editAccount') : t('account.newAccount')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
    >
      <Form<AccountFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        name="account-form"
      >
        <Form.Item
          label={t('account.email')}
          name="email"
          rules={[
            { required: true, whitespace: true, message: t('account.emailRequired') },
            {
              validator: (_, value: string | undefined) =>
                !value || EMAIL.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.emailInvalid'))),
            },
          ]}
        >
          <Input disabled={account !== null} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('account.name')}
          name="name"
          rules={[{ required: true, whitespace: true, message: t('account.nameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('account.roles')} name="roleIds">
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={roles.map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
        {account ? null : (
          <PasswordFields name="password" label={t('account.initialPassword')} email={email} />
        )}
      </Form>
    </Modal>
  );
}
