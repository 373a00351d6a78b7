import { DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Coupon, type CouponSaveBody, couponApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import {
  paiseToRupeesText,
  percentTextToPpm,
  rupeesTextToPaise,
  wholeNumberText,
} from '../../../lib/units';
import { useEndpointMutation } from '../../../lib/use-endpoint';

interface Values {
  title: string;
  target: Coupon['target'];
  faceKind: Coupon['faceKind'];
  amount: string;
  percent?: string;
  totalNumber: string;
  validDays: string;
  threshold: string;
  expiresOn: Dayjs;
}

/** Percent typed with at most two decimals, as basis points (10.5 % → 1050). */
function percentToBasisPoints(text: string): number | null {
  const ppm = percentTextToPpm(text);
  if (ppm === null || ppm % 100 !== 0 || ppm <= 0 || ppm > 1_000_000) return null;
  return ppm / 100;
}

/** The form's values as the API takes them; null for a field the rules should have caught. */
export function couponBody(values: Values, id?: number): CouponSaveBody {
  return {
    ...(id === undefined ? {} : { id }),
    title: values.title.trim(),
    target: values.target,
    faceKind: values.faceKind,
    amountPaise: rupeesTextToPaise(values.amount) ?? 0,
    ...(values.faceKind === 'percent'
      ? { percentBasisPoints: percentToBasisPoints(values.percent ?? '') ?? 0 }
      : {}),
    totalNumber: wholeNumberText(values.totalNumber) ?? 0,
    validDays: wholeNumberText(values.validDays) ?? 0,
    thresholdPaise: rupeesTextToPaise(values.threshold) ?? 0,
    expiresOn: values.expiresOn.format('YYYY-MM-DD'),
  };
}

function initialValues(row: Coupon | undefined): Partial<Values> {
  if (!row)
    return {
      target: 'interest',
      faceKind: 'amount',
      threshold: '0',
      validDays: '7',
      expiresOn: dayjs().add(30, 'day'),
    };
  return {
    title: row.title,
    target: row.target,
    faceKind: row.faceKind,
    amount: paiseToRupeesText(row.amountPaise),
    ...(row.percentBasisPoints === null ? {} : { percent: String(row.percentBasisPoints / 100) }),
    totalNumber: String(row.totalNumber),
    validDays: String(row.validDays),
    threshold: paiseToRupeesText(row.thresholdPaise),
    expiresOn: dayjs(row.expiresOn),
  };
}

/**
 * Create a coupon (from the toolbar) or edit one never sent (from its row). The amount is the
 * reduction of a fixed coupon, or the cap of a percent one.
 */
export function CouponFormDialog({ open, row, onClose }: ActionFormProps<Coupon>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const faceKind = Form.useWatch('faceKind', form);
  const save = useEndpointMutation(couponApi.saveCoupon, {
    invalidates: [couponApi.listCoupons],
    success: 'messages.saveSuccess',
  });
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(row));
    }
  }, [open, row, form]);
  const rupees = (required: boolean, positive: boolean) => ({
    validator: (_: unknown, value: string | undefined) => {
      if (!required && !value) return Promise.resolve();
      const paise = rupeesTextToPaise(value ?? '');
      if (paise === null) return Promise.reject(new Error(t('coupon.validation.amount')));
      if (positive && paise === 0) return Promise.reject(new Error(t('coupon.validation.notZero')));
      return Promise.resolve();
    },
  });
  const whole = (max: number) => ({
    validator: (_: unknown, value: string | undefined) => {
      const n = wholeNumberText(value ?? '');
      return n !== null && n >= 1 && n <= max
        ? Promise.resolve()
        : Promise.reject(new Error(t('coupon.validation.whole', { max })));
    },
  });
  return (
    <Modal
      open={open}
      title={t(row ? 'coupon.edit' : 'coupon.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        name="coupon-form"
        onFinish={(values) => save.mutate(couponBody(values, row?.id), { onSuccess: onClose })}
      >
        <Form.Item
          name="title"
          label={t('coupon.title')}
          rules={[
            { required: true, whitespace: true, message: t('coupon.validation.title') },
            { max: 60 },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="target" label={t('coupon.target')} rules={[{ required: true }]}>
          <Select
            options={(['interest', 'charges'] as const).map((value) => ({
              value,
              label: t(`coupon.targets.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="faceKind" label={t('coupon.faceKind')} rules={[{ required: true }]}>
          <Radio.Group>
            <Radio value="amount">{t('coupon.faceKinds.amount')}</Radio>
            <Radio value="percent">{t('coupon.faceKinds.percent')}</Radio>
          </Radio.Group>
        </Form.Item>
        {faceKind === 'percent' && (
          <Form.Item
            name="percent"
            label={t('coupon.percent')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  percentToBasisPoints(value ?? '') === null
                    ? Promise.reject(new Error(t('coupon.validation.percent')))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input suffix="%" inputMode="decimal" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="amount"
          label={t(faceKind === 'percent' ? 'coupon.cap' : 'coupon.reductionAmountLabel')}
          rules={[{ required: true, message: t('coupon.validation.amount') }, rupees(true, true)]}
        >
          <Input prefix="₹" inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="threshold"
          label={t('coupon.threshold')}
          extra={t('coupon.thresholdHint')}
          rules={[rupees(true, false)]}
        >
          <Input prefix="₹" inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item name="totalNumber" label={t('coupon.totalNumber')} rules={[whole(1_000_000)]}>
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="validDays" label={t('coupon.validDays')} rules={[whole(365)]}>
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="expiresOn" label={t('coupon.expiresOn')} rules={[{ required: true }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
