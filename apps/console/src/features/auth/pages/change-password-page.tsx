import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feedback } from '../../../lib/feedback';
import { endSession } from '../../../lib/session';
import { useChangePassword } from '../api/use-change-password';
import { confirmPasswordProblem, newPasswordProblem } from '../password-rules';

interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /changePassword/index. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ChangePasswordForm>();
  const change = useChangePassword();

  const onFinish = async (values: ChangePasswordForm) => {
    try {
      await change.mutateAsync(values);
    } catch {
      // The request client has shown the server's message.
      return;
    }
    // Success ends every session of the account: sign in again with the new password.
    feedback.success(t('messages.updateSuccess'));
    endSession();
    navigate('/login', { replace: true });
  };

  return (
    <Card title={<h1 className="page-heading">{t('changePassword.heading')}</h1>}>
      <Alert
        type="info"
        showIcon
        title={t('changePassword.afterChange')}
        style={{ marginBottom: 24, maxWidth: 480 }}
      />
      <Form<ChangePasswordForm>
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        onFinish={onFinish}
        requiredMark={false}
      >
        <Form.Item
          label={t('changePassword.oldPassword')}
          name="oldPassword"
          rules={[{ required: true, message: t('changePassword.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('changePassword.newPassword')}
          name="newPassword"
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const problem = newPasswordProblem(value);
                return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('changePassword.confirmPassword')}
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                const problem = confirmPasswordProblem(getFieldValue('newPassword'), value);
                return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('changePassword.submit')}
        </Button>
      </Form>
    </Card>
  );
}
