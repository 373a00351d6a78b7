import type { SendHours } from '@lending/contract';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { insideWindow } from '../lib/campaign-schedule';

/**
 * The India date and time a scheduled SMS goes out (`sendDate`, `sendTime`), both required and
 * the time inside the sending hours in force, as the server checks it. Fields of the caller's
 * form: the campaign form (marketingSendSMS) and the bulk SMS of the re-marketing lists.
 */
export function SendTimeFields({ sendHours }: { sendHours: SendHours }) {
  const { t } = useTranslation();
  return (
    <Space align="start">
      <Form.Item
        name="sendDate"
        label={t('marketingSms.sendDate')}
        rules={[{ required: true, message: t('marketingSms.sendDateRequired') }]}
      >
        <Input type="date" />
      </Form.Item>
      <Form.Item
        name="sendTime"
        label={t('marketingSms.sendTime')}
        rules={[
          { required: true, message: t('marketingSms.sendTimeRequired') },
          {
            validator: (_rule, value: string | undefined) =>
              !value || insideWindow(value, sendHours)
                ? Promise.resolve()
                : Promise.reject(new Error(t('marketingSms.outsideWindow', { ...sendHours }))),
          },
        ]}
      >
        <Input type="time" />
      </Form.Item>
    </Space>
  );
}
