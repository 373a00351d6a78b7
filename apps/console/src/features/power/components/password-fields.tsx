import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAcceptablePassword } from '@lending/contract';

/**
 * A new password entered twice (docs/product.md §5): at least 8 characters with letters and
 * numbers, not the e-mail, and both entries the same. The server checks the same rules.
 */
export function PasswordFields({
  name,
  label,
  email,
}: {
  name: string;
  label: string;
  email?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        label={label}
        name={name}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              if (!isAcceptablePassword(value ?? '')) {
                return Promise.reject(new Error(t('changePassword.passwordRule')));
              }
              if (email && value?.trim().toLowerCase() === email.trim().toLowerCase()) {
                return Promise.reject(new Error(t('account.passwordIsEmail')));
              }
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('account.confirmPassword')}
        name={`${name}Confirm`}
        dependencies={[name]}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value) return Promise.reject(new Error(t('changePassword.confirmRequired')));
              return value === getFieldValue(name)
                ? Promise.resolve()
                : Promise.reject(new Error(t('changePassword.notConsistent')));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
