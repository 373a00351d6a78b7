import { Alert, DatePicker, Form, Image, Input, Modal, Select, Skeleton, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RECEIPT_MAX_BYTES,
  type OfflineRepayment,
  offlineRepayApi,
  repayApi,
} from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import {
  fileToBase64,
  receiptFileProblem,
  XlsxUploadDialog,
} from '../../../components/xlsx-upload';
import { formatIndiaDate } from '../../../lib/format';
import { rupeesTextToPaise } from '../../../lib/units';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { amountRules } from '../../../lib/amount-rules';
import { showFieldErrors } from '../../../lib/server-field-errors';
import { useKeyedForm } from '../../../lib/use-keyed-form';

const DATE = 'YYYY-MM-DD';
/** No maximum known before the server prices the order: it refuses above today's clearing amount. */
const NO_CLIENT_MAXIMUM = Number.MAX_SAFE_INTEGER;

interface RecordValues {
  orderNo: string;
  channel: 'bankTransfer' | 'cashDeposit';
  amount: string;
  valueDate: Dayjs;
  bankReference: string;
  remark?: string;
}

/**
 * The maker's form: an offline repayment with the day the money arrived and a receipt photo.
 * It waits for another person's review; the server refuses an amount above what clears the
 * order today ('entered amount exceeds maximum amount') and a value date outside the loan.
 */
export function RecordOfflineDialog({ open, onClose }: ActionFormProps<OfflineRepayment>) {
  const { t } = useTranslation();
  const { form, key } = useKeyedForm<RecordValues>(open, 'offline');
  const [receipt, setReceipt] = useState<File | undefined>();
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const record = useEndpointMutation(offlineRepayApi.recordOfflineRepayment, {
    invalidates: [offlineRepayApi.listOfflineRepayments],
    success: 'offlineRepay.recordSuccess',
  });

  const submit = async (values: RecordValues) => {
    if (receiptError) return;
    try {
      await record.mutateAsync({
        orderNo: values.orderNo.trim(),
        channel: values.channel,
        amountPaise: rupeesTextToPaise(values.amount) ?? 0,
        valueDate: values.valueDate.format(DATE),
        bankReference: values.bankReference.trim(),
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
        ...(receipt
          ? { receipt: { fileName: receipt.name, contentBase64: await fileToBase64(receipt) } }
          : {}),
        idempotencyKey: key.current,
      });
      setReceipt(undefined);
      onClose();
    } catch (error) {
      showFieldErrors(form, error, {
        orderNo: 'orderNo',
        amountPaise: 'amount',
        valueDate: 'valueDate',
        bankReference: 'bankReference',
        remark: 'remark',
      });
    }
  };

  return (
    <Modal
      open={open}
      title={t('offlineRepay.recordTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={record.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('offlineRepay.recordHint')}
      />
      <Form form={form} layout="vertical" name="record-offline" onFinish={submit}>
        <Form.Item
          name="orderNo"
          label={t('repay.orderNo')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('offlineRepay.validation.orderNoRequired'),
            },
            { max: 40 },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="channel"
          label={t('offlineRepay.channel')}
          initialValue="bankTransfer"
          rules={[{ required: true }]}
        >
          <Select
            options={(['bankTransfer', 'cashDeposit'] as const).map((value) => ({
              value,
              label: t(`offlineRepay.channels.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('repay.fields.amount')}
          rules={amountRules(t, NO_CLIENT_MAXIMUM)}
          validateFirst
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="valueDate"
          label={t('offlineRepay.valueDate')}
          extra={t('offlineRepay.valueDateHint')}
          rules={[{ required: true, message: t('offlineRepay.validation.valueDateRequired') }]}
        >
          <DatePicker
            format={DATE}
            disabledDate={(day) => day.format(DATE) > formatIndiaDate(Date.now())}
          />
        </Form.Item>
        <Form.Item
          name="bankReference"
          label={t('offlineRepay.bankReference')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('offlineRepay.validation.referenceRequired'),
            },
            { max: 60 },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="remark" label={t('offlineRepay.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item
          label={t('offlineRepay.receiptPhoto')}
          validateStatus={receiptError ? 'error' : ''}
          help={receiptError ?? undefined}
        >
          <Upload
            accept="image/jpeg,image/png,image/webp,application/pdf"
            maxCount={1}
            beforeUpload={(file) => {
              const problem = receiptFileProblem(file, RECEIPT_MAX_BYTES);
              setReceiptError(problem ? t(`upload.${problem}`) : null);
              setReceipt(problem ? undefined : file);
              return false;
            }}
            onRemove={() => {
              setReceipt(undefined);
              setReceiptError(null);
            }}
            fileList={
              receipt ? [{ uid: 'receipt', name: receipt.name, status: 'done' as const }] : []
            }
          >
            <a>{t('offlineRepay.receiptPhoto')}</a>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The checker refuses an offline repayment (invalid), with the reason. Nothing is posted. */
export function RefuseOfflineDialog({ open, row, onClose }: ActionFormProps<OfflineRepayment>) {
  const { t } = useTranslation();
  const { form } = useKeyedForm<{ reason: string }>(open, 'refuse');
  const review = useEndpointMutation(offlineRepayApi.reviewOfflineRepayment, {
    invalidates: [offlineRepayApi.listOfflineRepayments],
    success: 'offlineRepay.refuseSuccess',
  });
  const submit = async ({ reason }: { reason: string }) => {
    if (!row) return;
    try {
      await review.mutateAsync({ id: row.id, decision: 'invalid', reason: reason.trim() });
      onClose();
    } catch (error) {
      showFieldErrors(form, error, { reason: 'reason' });
    }
  };
  return (
    <Modal
      open={open}
      title={t('offlineRepay.refuseTitle', { bankReference: row?.bankReference ?? '' })}
      okText={t('offlineRepay.actions.refuse')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={review.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="refuse-offline" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('repay.fields.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('offlineRepay.validation.reasonRequired'),
            },
            { max: 500 },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The receipt photo (or PDF) of a record, fetched through its granted endpoint. */
export function ReceiptDialog({ open, row, onClose }: ActionFormProps<OfflineRepayment>) {
  const { t } = useTranslation();
  const receipt = useEndpointQuery(
    offlineRepayApi.offlineReceipt,
    { id: row?.id ?? 0 },
    { enabled: open && !!row },
  );
  const src = receipt.data
    ? `data:${receipt.data.mimeType};base64,${receipt.data.contentBase64}`
    : undefined;
  return (
    <Modal
      open={open}
      title={t('offlineRepay.receiptTitle', { bankReference: row?.bankReference ?? '' })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {receipt.isPending ? (
        <Skeleton active />
      ) : receipt.isError || !receipt.data ? (
        <Alert type="error" showIcon title={t('offlineRepay.receiptFailed')} />
      ) : receipt.data.mimeType === 'application/pdf' ? (
        <a href={src} download={receipt.data.fileName}>
          {receipt.data.fileName}
        </a>
      ) : (
        <Image src={src} alt={receipt.data.fileName} />
      )}
    </Modal>
  );
}

/** A batch of offline repayments from .xlsx: every row waits for review. */
export function ImportOfflineDialog({ open, onClose }: ActionFormProps<OfflineRepayment>) {
  return (
    <XlsxUploadDialog
      open={open}
      onClose={onClose}
      endpoint={offlineRepayApi.importOfflineRepayments}
      title="offlineRepay.importTitle"
      columns="offlineRepay.importColumns"
      invalidates={[offlineRepayApi.listOfflineRepayments]}
    />
  );
}

/** Lists a passed repayment changes besides the review list. */
export const PASS_INVALIDATES = [
  offlineRepayApi.listOfflineRepayments,
  repayApi.listRepaymentRecords,
  repayApi.listRepayPlan,
];
