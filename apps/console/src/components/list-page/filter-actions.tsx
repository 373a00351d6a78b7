import { Button, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The Search and Reset buttons of a list's filter form. Reset empties every field (the form's
 * initial values are the filters in the URL, so `resetFields` would bring them back) and then
 * clears the filters. Extra actions of the page (e.g. "New account") follow.
 */
export function FilterActions({
  form,
  onReset,
  children,
}: {
  form: FormInstance;
  onReset: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" htmlType="submit">
        {t('common.search')}
      </Button>
      <Button
        onClick={() => {
          const fields = Object.keys(form.getFieldsValue(true) as Record<string, unknown>);
          form.setFieldsValue(Object.fromEntries(fields.map((name) => [name, undefined])));
          onReset();
        }}
      >
        {t('common.reset')}
      </Button>
      {children}
    </Space>
  );
}
