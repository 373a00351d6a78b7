import { Alert, Checkbox, Col, Divider, Form, Input, Modal, Radio, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanConfig, SaveLoanConfigBody } from '@lending/contract';
import { RequestError } from '../../../lib/request';
import { percentTextToPpm, rupeesTextToPaise, wholeNumberText } from '../../../lib/units';
import {
  feeWithGstBelowPrincipal,
  formFieldOfApiField,
  initialFormValues,
  LIMITS,
  minimumCoolingOffDays,
  saveBodyOf,
  type LoanConfigFormValues,
  type LoanProductKind,
} from '../loan-config-form-model';
import { AllocationOrderInput } from './allocation-order-input';

type FieldKey =
  | 'name'
  | 'tenorDays'
  | 'minPrincipal'
  | 'maxPrincipal'
  | 'processingFee'
  | 'gst'
  | 'interestPerDay'
  | 'penalPerDayRupees'
  | 'penalPerDayPercent'
  | 'penalCap'
  | 'rolloverFee'
  | 'rolloverDays'
  | 'maxRollovers'
  | 'coolingOffDays';

const ok = () => Promise.resolve();
const isBlank = (value: string | undefined) => value === undefined || value.trim() === '';

/** The form's rules: the limits of `loanConfigTermsSchema` and the engine, each message naming its field. */
function useRules() {
  const { t } = useTranslation();
  const fail = (key: string, params: Record<string, unknown>) =>
    Promise.reject(new Error(t(`loanConfig.validation.${key}`, params)));
  const label = (key: FieldKey) => t(`loanConfig.fields.${key}`);

  const required = (key: FieldKey): Rule => ({
    required: true,
    whitespace: true,
    message: t('loanConfig.validation.required', { field: label(key) }),
  });

  const wholeNumber = (key: FieldKey, min: number, max: number): Rule => ({
    validator: (_, value: string | undefined) => {
      if (isBlank(value)) return ok();
      const n = wholeNumberText(value ?? '');
      return n !== null && n >= min && n <= max
        ? ok()
        : fail('wholeNumber', { field: label(key), min, max });
    },
  });

  const amount = (key: FieldKey, minPaise: number): Rule => ({
    validator: (_, value: string | undefined) => {
      if (isBlank(value)) return ok();
      const paise = rupeesTextToPaise(value ?? '');
      if (paise === null) return fail('amount', { field: label(key) });
      return paise >= minPaise ? ok() : fail('amountPositive', { field: label(key) });
    },
  });

  const percent = (key: FieldKey): Rule => ({
    validator: (_, value: string | undefined) => {
      if (isBlank(value)) return ok();
      const ppm = percentTextToPpm(value ?? '');
      if (ppm === null) return fail('percent', { field: label(key) });
      return ppm <= LIMITS.maxPpm ? ok() : fail('percentMax', { field: label(key) });
    },
  });

  return { t, fail, required, wholeNumber, amount, percent, label };
}

/**
 * Create a loan product, or save a new version of one. Amounts are typed in rupees and sent
 * as paise, rates typed in percent and sent as ppm (exactly, lib/units). A refusal of the
 * server is toasted by the request client; its field errors are also shown at the fields.
 */
export function LoanConfigFormModal({
  open,
  kind,
  config,
  saving,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  kind: LoanProductKind;
  /** null: a new product. */
  config: LoanConfig | null;
  saving: boolean;
  /** Saves; rejects when the server refused (the modal then stays open). */
  onSubmit: (body: SaveLoanConfigBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { t, fail, required, wholeNumber, amount, percent, label } = useRules();
  const [form] = Form.useForm<LoanConfigFormValues>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialFormValues(config));
  }, [open, config, form]);

  const onFinish = async () => {
    const values = form.getFieldsValue(true) as LoanConfigFormValues;
    try {
      await onSubmit(saveBodyOf(values, kind, config));
    } catch (error) {
      if (!(error instanceof RequestError)) return;
      const fields = error.fieldErrors.flatMap(({ field, message }) => {
        const name = formFieldOfApiField[field.split('.')[0] ?? ''];
        return name ? [{ name, errors: [message] }] : [];
      });
      if (fields.length > 0) form.setFields(fields);
    }
  };

  const half = { xs: 24, sm: 12 };
  const third = { xs: 24, sm: 8 };

  return (
    <Modal
      open={open}
      title={
        config
          ? t('loanConfig.editProduct', { name: config.name, version: config.version })
          : t('loanConfig.newProduct')
      }
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      width={800}
      destroyOnHidden
    >
      {config ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('loanConfig.newVersionNotice', { version: config.version + 1 })}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t(`loanConfig.kindNotice.${kind}`)}
        />
      )}
      <Form<LoanConfigFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        name="loan-config-form"
      >
        <Divider titlePlacement="start">{t('loanConfig.sections.product')}</Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item label={label('name')} name="name" rules={[required('name')]}>
              <Input maxLength={LIMITS.nameMaxLength} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label={label('tenorDays')}
              name="tenorDays"
              rules={[
                required('tenorDays'),
                wholeNumber('tenorDays', LIMITS.days.min, LIMITS.days.max),
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Col>
          {config ? null : (
            <Col span={24}>
              <Form.Item label={t('loanConfig.fields.status')} name="status">
                <Radio.Group
                  options={[
                    { value: 'available', label: t('loanConfig.status.available') },
                    { value: 'unavailable', label: t('loanConfig.status.unavailable') },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
        </Row>

        <Divider titlePlacement="start">{t('loanConfig.sections.charges')}</Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              label={label('minPrincipal')}
              name="minPrincipalRupees"
              extra={t('loanConfig.help.amountExample')}
              rules={[required('minPrincipal'), amount('minPrincipal', LIMITS.minPrincipalPaise)]}
            >
              <Input prefix="₹" inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label={label('maxPrincipal')}
              name="maxPrincipalRupees"
              dependencies={['minPrincipalRupees']}
              rules={[
                required('maxPrincipal'),
                amount('maxPrincipal', LIMITS.minPrincipalPaise),
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => {
                    const max = rupeesTextToPaise(value ?? '');
                    const min = rupeesTextToPaise(
                      String(getFieldValue('minPrincipalRupees') ?? ''),
                    );
                    return max === null || min === null || max >= min
                      ? ok()
                      : fail('maxBelowMin', {});
                  },
                }),
              ]}
            >
              <Input prefix="₹" inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              label={label('processingFee')}
              name="processingFeePercent"
              dependencies={['gstPercent']}
              rules={[
                required('processingFee'),
                percent('processingFee'),
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => {
                    const fee = percentTextToPpm(value ?? '');
                    const gst = percentTextToPpm(String(getFieldValue('gstPercent') ?? ''));
                    if (fee === null || gst === null || fee > LIMITS.maxPpm) return ok();
                    if (gst > LIMITS.maxPpm) return ok();
                    return feeWithGstBelowPrincipal(fee, gst) ? ok() : fail('feeWithGst', {});
                  },
                }),
              ]}
            >
              <Input suffix="%" inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              label={label('gst')}
              name="gstPercent"
              rules={[required('gst'), percent('gst')]}
            >
              <Input suffix="%" inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              label={label('interestPerDay')}
              name="interestPerDayPercent"
              rules={[required('interestPerDay'), percent('interestPerDay')]}
            >
              <Input suffix="%" inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('loanConfig.sections.overdue')}</Divider>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item label={t('loanConfig.fields.penalMode')} name="penalMode">
              <Radio.Group
                options={[
                  { value: 'fixed', label: t('loanConfig.penalModes.fixed') },
                  { value: 'rate', label: t('loanConfig.penalModes.rate') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            {/* Read from the store while rendering, so the field matches the choice at once. */}
            <Form.Item noStyle dependencies={['penalMode']}>
              {({ getFieldValue }) =>
                getFieldValue('penalMode') === 'rate' ? (
                  <Form.Item
                    key="penalPerDayPercent"
                    label={label('penalPerDayPercent')}
                    name="penalPerDayPercent"
                    rules={[required('penalPerDayPercent'), percent('penalPerDayPercent')]}
                  >
                    <Input suffix="%" inputMode="decimal" autoComplete="off" />
                  </Form.Item>
                ) : (
                  <Form.Item
                    key="penalPerDayRupees"
                    label={label('penalPerDayRupees')}
                    name="penalPerDayRupees"
                    rules={[required('penalPerDayRupees'), amount('penalPerDayRupees', 0)]}
                  >
                    <Input prefix="₹" inputMode="decimal" autoComplete="off" />
                  </Form.Item>
                )
              }
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label={label('penalCap')}
              name="penalCapPercent"
              extra={t('loanConfig.help.penalCap')}
              rules={[required('penalCap'), percent('penalCap')]}
            >
              <Input suffix="%" inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('loanConfig.sections.rollover')}</Divider>
        <Row gutter={16}>
          <Col {...third}>
            <Form.Item
              label={label('rolloverFee')}
              name="rolloverFeePercent"
              rules={[required('rolloverFee'), percent('rolloverFee')]}
            >
              <Input suffix="%" inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              label={label('rolloverDays')}
              name="rolloverDays"
              rules={[
                required('rolloverDays'),
                wholeNumber('rolloverDays', LIMITS.days.min, LIMITS.days.max),
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              label={label('maxRollovers')}
              name="maxRollovers"
              rules={[
                required('maxRollovers'),
                wholeNumber('maxRollovers', LIMITS.maxRollovers.min, LIMITS.maxRollovers.max),
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="allowOverdueRollover" valuePropName="checked">
              <Checkbox>{t('loanConfig.fields.allowOverdueRollover')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('loanConfig.sections.repayment')}</Divider>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              label={label('coolingOffDays')}
              name="coolingOffDays"
              extra={t('loanConfig.help.coolingOffDays')}
              dependencies={['tenorDays']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => {
                    if (isBlank(value)) return ok();
                    const tenor = wholeNumberText(String(getFieldValue('tenorDays') ?? ''));
                    const min = tenor === null ? LIMITS.days.min : minimumCoolingOffDays(tenor);
                    const days = wholeNumberText(value ?? '');
                    if (days === null || days > LIMITS.days.max || days < LIMITS.days.min) {
                      return fail('wholeNumber', {
                        field: label('coolingOffDays'),
                        min,
                        max: LIMITS.days.max,
                      });
                    }
                    return days >= min ? ok() : fail('coolingOffMin', { min, tenor });
                  },
                }),
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label={t('loanConfig.fields.allocationOrder')}
              name="allocationOrder"
              extra={t('loanConfig.allocation.help')}
            >
              <AllocationOrderInput />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
