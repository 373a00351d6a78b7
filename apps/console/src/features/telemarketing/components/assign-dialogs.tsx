import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LeadRow, telemarketingApi } from '@lending/contract';
import type { ActionFormProps, BulkFormProps } from '../../../components/list-page';
import { XlsxUploadDialog } from '../../../components/xlsx-upload/xlsx-upload-dialog';
import { feedback } from '../../../lib/feedback';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';

/** The telemarketers with the users each holds now, for a select. */
export function useTelemarketerOptions() {
  const { t } = useTranslation();
  const query = useEndpointQuery(telemarketingApi.listTelemarketers, {});
  return (query.data?.list ?? []).map((m) => ({
    value: m.userId,
    label: t('telemarketing.assign.option', { name: m.name, count: m.leads }),
  }));
}

/** The lead hands the selected users to one telemarketer ('Success distribute'). */
export function AssignDialog({ open, rows, onClose, onDone }: BulkFormProps<LeadRow>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ telemarketerId?: number }>();
  const options = useTelemarketerOptions();
  const assign = useEndpointMutation(telemarketingApi.assignLeads, {
    invalidates: [
      telemarketingApi.listLeads,
      telemarketingApi.listTelemarketers,
      telemarketingApi.telemarketingRate,
    ],
    success: 'telemarketing.assign.success',
  });
  const submit = async ({ telemarketerId }: { telemarketerId?: number }) => {
    try {
      await assign.mutateAsync({ leadIds: rows.map((r) => r.id), telemarketerId: telemarketerId! });
      form.resetFields();
      onDone();
    } catch {
      // toasted
    }
  };
  return (
    <Modal
      open={open}
      title={t('telemarketing.assign.title', { count: rows.length })}
      okText={t('telemarketing.assign.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={assign.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="telemarketingAssign" onFinish={submit}>
        <Form.Item
          name="telemarketerId"
          label={t('telemarketing.assign.telemarketer')}
          rules={[{ required: true, message: t('telemarketing.messages.selectTelemarketer') }]}
        >
          <Select options={options} showSearch optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Puts the users who qualify now on the call list, after asking. */
export function RefreshDialog({ open, onClose }: ActionFormProps<unknown>) {
  const { t } = useTranslation();
  const refresh = useEndpointMutation(telemarketingApi.refreshLeads, {
    invalidates: [telemarketingApi.listLeads],
  });
  const run = async () => {
    try {
      const { added } = await refresh.mutateAsync(undefined);
      feedback.success(t('telemarketing.refresh.done', { count: added }));
      onClose();
    } catch {
      // toasted
    }
  };
  return (
    <Modal
      open={open}
      title={t('telemarketing.refresh.title')}
      okText={t('telemarketing.refresh.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={refresh.isPending}
      onOk={run}
      onCancel={onClose}
    >
      <p>{t('telemarketing.refresh.text')}</p>
    </Modal>
  );
}

/**
 * A call list imported from .xlsx (decision 0080): its phones join the list unassigned, and
 * the report says which rows were refused and why.
 */
export function ImportLeadsDialog({ open, onClose }: ActionFormProps<unknown>) {
  return (
    <XlsxUploadDialog
      open={open}
      onClose={onClose}
      endpoint={telemarketingApi.importLeads}
      title="telemarketing.import.title"
      columns="telemarketing.import.columns"
      invalidates={[telemarketingApi.listLeads, telemarketingApi.listTelemarketers]}
    />
  );
}
