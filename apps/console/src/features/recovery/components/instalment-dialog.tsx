import { Button, DatePicker, Form, Input, InputNumber, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { recoveryApi } from '@lending/contract';
import { useEndpointMutation } from '../../../lib/use-endpoint';

interface Values {
  instalments: { dueDate?: { format(f: string): string }; rupees?: number }[];
  remarks?: string;
}

/**
 * An instalment plan: what is owed split into 2–4 dated promises. The loan's money does not
 * change; each promise is kept or broken as payments arrive.
 */
export function InstalmentDialog({
  open,
  caseId,
  orderNo,
  onClose,
}: {
  open: boolean;
  caseId: number;
  orderNo: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useEndpointMutation(recoveryApi.instalmentPlan, {
    invalidates: [recoveryApi.caseDetail, recoveryApi.listCases],
    success: 'collection.instalment.success',
  });
  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({
        caseId,
        remarks: (values.remarks ?? '').trim(),
        instalments: values.instalments.map((i) => ({
          dueDate: i.dueDate!.format('YYYY-MM-DD'),
          amountPaise: Math.round((i.rupees ?? 0) * 100),
        })),
      });
      form.resetFields();
      onClose();
    } catch {
      // toasted
    }
  };
  return (
    <Modal
      open={open}
      title={t('collection.instalment.title', { orderNo })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() =>
        Modal.confirm({
          title: t('collection.instalment.confirm'),
          okText: t('common.save'),
          cancelText: t('common.cancel'),
          onOk: () => form.submit(),
        })
      }
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        name="instalments"
        initialValues={{ instalments: [{}, {}] }}
        onFinish={submit}
      >
        <Form.List name="instalments">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline">
                  <Form.Item
                    name={[field.name, 'dueDate']}
                    label={t('collection.instalment.date', { n: index + 1 })}
                    rules={[{ required: true }]}
                  >
                    <DatePicker />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'rupees']}
                    label={t('collection.promise.amount')}
                    rules={[{ required: true }]}
                  >
                    <InputNumber min={1} precision={2} prefix="₹" />
                  </Form.Item>
                  {fields.length > 2 ? <Button onClick={() => remove(field.name)}>−</Button> : null}
                </Space>
              ))}
              {fields.length < 4 ? (
                <Button onClick={() => add({})}>{t('collection.instalment.add')}</Button>
              ) : null}
            </>
          )}
        </Form.List>
        <Form.Item
          name="remarks"
          label={t('collection.followUp.remarks')}
          rules={[
            { required: true, whitespace: true, message: t('collection.messages.fillRemarks') },
          ]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
