import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReviewGroup, approvalApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useReviewerOptions } from '../use-approval-options';

interface GroupForm {
  name: string;
  stage: 'first' | 'final';
  productIds: number[];
  customerType: 'new' | 'old' | 'all';
  dailyCap: number;
  active: boolean;
}

/** A review group: stage, products (none = all), new/old customers, daily cap, active. */
export function ReviewGroupDialog({ open, row, onClose }: ActionFormProps<ReviewGroup>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupForm>();
  const options = useReviewerOptions(undefined, open);
  const save = useEndpointMutation(approvalApi.saveReviewGroup, {
    invalidates: [approvalApi.reviewGroupList, approvalApi.reviewerOptions],
    success: 'messages.saveSuccess',
  });
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      row
        ? {
            name: row.name,
            stage: row.stage,
            productIds: row.productIds,
            customerType: row.customerType,
            dailyCap: row.dailyCap,
            active: row.active,
          }
        : {
            name: '',
            stage: 'first',
            productIds: [],
            customerType: 'all',
            dailyCap: 50,
            active: true,
          },
    );
  }, [open, row, form]);
  const submit = async (values: GroupForm) => {
    try {
      await save.mutateAsync({ ...values, ...(row ? { id: row.id } : {}) });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, {
        name: 'name',
        productIds: 'productIds',
        dailyCap: 'dailyCap',
      });
    }
  };
  return (
    <Modal
      open={open}
      title={row ? `${t('approval.group.edit')}: ${row.name}` : t('approval.group.newGroup')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="review-group" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('approval.group.name')}
          rules={[
            { required: true, whitespace: true, message: t('approval.group.nameRequired') },
            { max: 100 },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="stage" label={t('approval.stage')} rules={[{ required: true }]}>
          <Select
            options={[
              { value: 'first', label: t('approval.stages.first') },
              { value: 'final', label: t('approval.stages.final') },
            ]}
          />
        </Form.Item>
        <Form.Item name="productIds" label={t('approval.group.products')}>
          <Select
            mode="multiple"
            placeholder={t('approval.group.allProducts')}
            options={(options.data?.products ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="customerType"
          label={t('approval.customerType')}
          rules={[{ required: true }]}
        >
          <Select
            options={(['all', 'new', 'old'] as const).map((value) => ({
              value,
              label: t(`approval.customerTypes.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="dailyCap"
          label={t('approval.group.dailyCap')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: 1,
              max: 10_000,
              message: t('approval.group.capRequired'),
            },
          ]}
        >
          <InputNumber min={1} max={10_000} precision={0} />
        </Form.Item>
        <Form.Item name="active" label={t('approval.group.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
