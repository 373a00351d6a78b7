import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Typography,
} from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ReviewForm as ReviewFormData, approvalApi, loanBookApi } from '@lending/contract';
import { useGrants } from '../../../lib/grants';
import { formatPaise } from '../../../lib/format';
import { RequestError } from '../../../lib/request';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/use-endpoint';
import { approvalDetailPath } from '../approval-paths';

const CHECKS = ['identity', 'photo', 'bankName', 'income', 'keyFacts'] as const;
type Intent = 'pass' | 'reject' | 'sendBack';

interface Values {
  checklist: (typeof CHECKS)[number][];
  reason?: string;
  rejectionCodeId?: number;
  finalReviewerId?: number;
  approvedRupees?: number;
}

/** Keys a reviewer works the queue with (shown under the form). */
export const SHORTCUTS = { next: 'n', pass: 'p', reject: 'r', remarks: 'm' } as const;

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  return (
    element.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) ||
    element.getAttribute('role') === 'combobox'
  );
}

/**
 * The review form of /approve/detail: checklist, remarks ('fill remarks', needed to reject),
 * rejection code, on a first pass the final reviewer (never oneself), on a final pass the
 * approved amount (≤ applied, ≥ the product's minimum), and send back on final review. One
 * press per decision; the server refuses a second decision on the stage (409).
 */
export function ReviewFormCard({ orderNo }: { orderNo: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { can } = useGrants();
  const [form] = Form.useForm<Values>();
  const remarksRef = useRef<TextAreaRef>(null);
  const intent = useRef<Intent>('pass');
  // The decision pressed on this order (reset by moving to another order): one press only.
  const [pressed, setPressed] = useState<{ orderNo: string; intent: Intent } | null>(null);
  const decided = pressed?.orderNo === orderNo;
  const query = useEndpointQuery(
    approvalApi.reviewForm,
    { orderNo },
    { enabled: orderNo.trim() !== '' },
  );
  const data = query.data;
  const stage = data?.stage ?? null;
  const next = useEndpointQuery(
    approvalApi.reviewQueue,
    { page: 1, pageSize: 5, filters: { stage: stage ?? 'first', state: 'wait' } },
    { enabled: stage !== null && can(approvalApi.reviewQueue) },
  );
  const invalidates = [approvalApi.reviewForm, approvalApi.reviewQueue, loanBookApi.orderDetail];
  const first = useEndpointMutation(loanBookApi.firstReviewOrder, {
    invalidates,
    success: 'approval.form.decided',
  });
  const final = useEndpointMutation(loanBookApi.finalReviewOrder, {
    invalidates,
    success: 'approval.form.decided',
  });
  const pending = first.isPending || final.isPending;

  useEffect(() => {
    form.resetFields();
  }, [orderNo, form]);
  useEffect(() => {
    if (data?.stage === 'final') form.setFieldValue('approvedRupees', data.principalPaise / 100);
  }, [data, form]);

  const goNext = () => {
    const other = next.data?.list.find((row) => row.orderNo !== orderNo);
    if (other) navigate(approvalDetailPath(other.orderNo));
  };

  const decide = async (which: Intent) => {
    if (!data || !stage || decided || pending) return;
    intent.current = which;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const checklist = Object.fromEntries(
      CHECKS.map((c) => [c, values.checklist?.includes(c) ?? false]),
    ) as Record<(typeof CHECKS)[number], boolean>;
    const reason = values.reason?.trim() || undefined;
    const common = {
      orderId: data.orderId,
      checklist,
      ...(reason ? { reason } : {}),
      ...(which === 'reject' && values.rejectionCodeId
        ? { rejectionCodeId: values.rejectionCodeId }
        : {}),
    };
    setPressed({ orderNo, intent: which });
    try {
      if (stage === 'first') {
        await first.mutateAsync({
          ...common,
          decision: which === 'reject' ? 'reject' : 'pass',
          ...(which === 'pass' && values.finalReviewerId
            ? { finalReviewerId: values.finalReviewerId }
            : {}),
        });
      } else {
        await final.mutateAsync({
          ...common,
          decision: which,
          ...(which === 'pass' && values.approvedRupees !== undefined
            ? { approvedPrincipalPaise: Math.round(values.approvedRupees * 100) }
            : {}),
        });
      }
    } catch (error) {
      // A refusal that is not a conflict (a field, say) lets the reviewer correct and retry.
      if (!(error instanceof RequestError) || error.status !== 409) setPressed(null);
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === SHORTCUTS.next) goNext();
      else if (key === SHORTCUTS.pass) void decide('pass');
      else if (key === SHORTCUTS.reject) void decide('reject');
      else if (key === SHORTCUTS.remarks) {
        event.preventDefault();
        remarksRef.current?.focus();
      } else return;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!data) return <Card loading={query.isLoading} title={t('approval.form.title')} />;
  const canDecide =
    data.canDecide &&
    stage !== null &&
    can(stage === 'first' ? loanBookApi.firstReviewOrder : loanBookApi.finalReviewOrder);
  const codeText = (code: ReviewFormData['rejectionCodes'][number]) =>
    `${code.code} — ${i18n.language === 'zh' ? code.textZh : code.textEn}`;
  const requiredFor = (which: Intent, message: string) => ({
    validator: (_: unknown, value: unknown) =>
      intent.current === which &&
      (value === undefined || value === null || String(value).trim() === '')
        ? Promise.reject(new Error(message))
        : Promise.resolve(),
  });

  return (
    <Card title={t('approval.form.title')} variant="borderless">
      {stage === null ? (
        <Alert
          type="info"
          title={t('approval.form.notAtReview', { status: t(`order.statuses.${data.status}`) })}
        />
      ) : !data.canDecide ? (
        <Alert
          type="warning"
          title={t('approval.form.notYours', { reviewer: data.reviewerName ?? '—' })}
        />
      ) : null}
      {stage !== null && data.reviewerName ? (
        <Typography.Paragraph type="secondary">
          {t('approval.form.assignedTo', { reviewer: data.reviewerName })}
        </Typography.Paragraph>
      ) : null}
      {canDecide ? (
        <Form form={form} layout="vertical" name="review-form" disabled={decided || pending}>
          <Form.Item
            name="checklist"
            label={t('approval.form.checklist')}
            rules={[
              {
                validator: (_, value: string[] | undefined) =>
                  intent.current === 'pass' && (value?.length ?? 0) < CHECKS.length
                    ? Promise.reject(new Error(t('approval.form.checkAll')))
                    : Promise.resolve(),
              },
            ]}
          >
            <Checkbox.Group>
              <Space orientation="vertical">
                {CHECKS.map((check) => (
                  <Checkbox key={check} value={check}>
                    {t(`approval.form.checks.${check}`)}
                  </Checkbox>
                ))}
              </Space>
            </Checkbox.Group>
          </Form.Item>
          {stage === 'first' ? (
            <Form.Item
              name="finalReviewerId"
              label={t('approval.form.finalReviewer')}
              rules={[requiredFor('pass', t('approval.form.selectFinalReviewer'))]}
              extra={
                data.finalReviewers.length === 0 ? t('approval.form.noFinalReviewer') : undefined
              }
            >
              <Select
                placeholder={t('approval.form.selectFinalReviewer')}
                options={data.finalReviewers.map((r) => ({ value: r.userId, label: r.name }))}
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="approvedRupees"
              label={t('approval.form.approvedAmount')}
              extra={t('approval.form.approvedAmountHint', {
                applied: formatPaise(data.principalPaise),
                min: formatPaise(data.minPrincipalPaise),
              })}
              rules={[
                {
                  validator: (_, value: number | undefined) => {
                    if (intent.current !== 'pass' || value === undefined || value === null)
                      return Promise.resolve();
                    const paise = Math.round(value * 100);
                    if (paise > data.principalPaise)
                      return Promise.reject(new Error(t('approval.form.amountTooHigh')));
                    if (paise < data.minPrincipalPaise)
                      return Promise.reject(new Error(t('approval.form.amountTooLow')));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <InputNumber min={0} precision={2} style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item
            name="rejectionCodeId"
            label={t('approval.form.rejectionCode')}
            rules={[requiredFor('reject', t('approval.form.selectRejectionCode'))]}
          >
            <Select
              allowClear
              placeholder={t('approval.form.selectRejectionCode')}
              options={data.rejectionCodes.map((code) => ({
                value: code.id,
                label: codeText(code),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('approval.form.remarks')}
            rules={[requiredFor('reject', t('approval.form.fillRemarks')), { max: 500 }]}
          >
            <Input.TextArea
              ref={remarksRef}
              rows={3}
              placeholder={t('approval.form.fillRemarks')}
            />
          </Form.Item>
          <Space wrap>
            <Button
              type="primary"
              onClick={() => void decide('pass')}
              loading={pending && pressed?.intent === 'pass'}
            >
              {t('approval.form.pass')} (P)
            </Button>
            <Button
              danger
              onClick={() => void decide('reject')}
              loading={pending && pressed?.intent === 'reject'}
            >
              {t('approval.form.reject')} (R)
            </Button>
            {stage === 'final' ? (
              <Button
                onClick={() => void decide('sendBack')}
                loading={pending && pressed?.intent === 'sendBack'}
              >
                {t('approval.form.sendBack')}
              </Button>
            ) : null}
          </Space>
          {decided || pending ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 16 }}
              title={t('approval.form.doNotRepeat')}
            />
          ) : null}
        </Form>
      ) : null}
      <Space style={{ marginTop: 16 }} wrap>
        <Button onClick={goNext} disabled={!next.data?.list.some((row) => row.orderNo !== orderNo)}>
          {t('approval.form.next')} (N)
        </Button>
        <Typography.Text type="secondary">
          {t('approval.form.shortcuts', { keys: t('approval.form.shortcutList') })}
        </Typography.Text>
      </Space>
    </Card>
  );
}
