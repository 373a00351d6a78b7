import { Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  riskExpressionProblem,
  riskFieldCatalogue,
  riskFieldOf,
  type RiskRuleRowApi,
  riskApi,
} from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';

interface Values {
  ruleName: string;
  fieldName: string;
  expression: RiskRuleRowApi['expression'];
  comparisonValue: string;
  score: number;
  weight: number;
  level: 'hard' | 'soft';
  enable: boolean;
}

/**
 * A rule of the draft: the field comes from the typed catalogue (its class follows), the
 * expressions offered are the field's, and the comparison value is checked as the server
 * checks it; the server's refusal names the field too.
 */
export function RuleFormDialog({ open, row, onClose }: ActionFormProps<RiskRuleRowApi>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useEndpointMutation(riskApi.saveRiskRule, {
    invalidates: [riskApi.listRiskRules, riskApi.listRiskVersions],
    success: 'messages.saveSuccess',
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue(row);
  }, [open, row, form]);
  const fieldName = Form.useWatch('fieldName', form);
  const field = fieldName ? riskFieldOf(fieldName) : undefined;

  const submit = (values: Values) => {
    const definition = riskFieldOf(values.fieldName)!;
    save.mutate(
      {
        ...(row ? { id: row.id, ruleCode: row.ruleCode } : {}),
        ...values,
        className: definition.className,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open={open}
      title={t(row ? 'risk.rules.editRule' : 'risk.rules.newRule')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('risk.rules.noContacts')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="risk-rule-form"
        initialValues={{ weight: 1, score: 10, level: 'soft', enable: true, expression: '<' }}
        onFinish={submit}
      >
        <Form.Item
          name="ruleName"
          label={t('risk.ruleName')}
          rules={[{ required: true, whitespace: true, max: 100 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="fieldName" label={t('risk.fieldName')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={riskFieldCatalogue.map((f) => ({
              value: f.name,
              label: `${t(`risk.fields.${f.name}`)} · ${f.name} (${t(`risk.classes.${f.className}`)})`,
            }))}
            onChange={() => form.setFieldValue('expression', undefined)}
          />
        </Form.Item>
        <Form.Item name="expression" label={t('risk.expression')} rules={[{ required: true }]}>
          <Select options={(field?.operators ?? []).map((op) => ({ value: op, label: op }))} />
        </Form.Item>
        <Form.Item
          name="comparisonValue"
          label={t('risk.comparisonValue')}
          extra={field?.values ? field.values.join(', ') : undefined}
          dependencies={['fieldName', 'expression']}
          rules={[
            { required: true, whitespace: true },
            ({ getFieldValue }) => ({
              validator(_, value: string | undefined) {
                const problem =
                  value && getFieldValue('fieldName') && getFieldValue('expression')
                    ? riskExpressionProblem({
                        fieldName: getFieldValue('fieldName'),
                        expression: getFieldValue('expression'),
                        comparisonValue: value,
                      })
                    : null;
                return problem ? Promise.reject(new Error(problem.message)) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="score"
          label={t('risk.score')}
          extra={t('risk.rules.scoreHint')}
          rules={[{ required: true }]}
        >
          <InputNumber min={-1000} max={1000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="weight" label={t('risk.weight')} rules={[{ required: true }]}>
          <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="level" label={t('risk.level')} rules={[{ required: true }]}>
          <Select
            options={(['hard', 'soft'] as const).map((level) => ({
              value: level,
              label: t(`risk.levels.${level}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="enable" label={t('risk.enable')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
