import { Alert, Form, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffUser } from '@lending/contract';
import { PasswordFields } from './password-fields';

/** An administrator sets a new password; the account's sessions end at once. */
export function ResetPasswordModal({
  account,
  saving,
  onSubmit,
  onCancel,
}: {
  account: StaffUser | null;
  saving: boolean;
  onSubmit: (newPassword: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ newPassword: string; newPasswordConfirm: string }>();
  useEffect(() => {
    if (account) form.resetFields();
  }, [account, form]);
  return (
    <Modal
      open={account !== null}
      title={t('account.resetPasswordOf', { email: account?.email ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
    >
      <Alert type="warning" showIcon title={t('account.resetHint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="reset-password-form"
        onFinish={(values) => onSubmit(values.newPassword)}
      >
        <PasswordFields
          name="newPassword"
          label={t('account.newPassword')}
          email={account?.email}
        />
      </Form>
    </Modal>
  );
}
