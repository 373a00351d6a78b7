import { EyeOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type VerifyCodeRow, type VerifyCodeStatus, opsConfigApi } from '@lending/contract';
import { listPage, type StatusTags } from '../../../components/list-page';
import { feedback } from '../../../lib/feedback';
import { useGrants } from '../../../lib/grants';
import { useEndpointMutation } from '../../../lib/use-endpoint';

const statusTags: StatusTags<VerifyCodeStatus> = {
  live: { label: 'opsConfig.code.status.live', color: 'green' },
  used: { label: 'opsConfig.code.status.used', color: 'blue' },
  closed: { label: 'opsConfig.code.status.closed' },
  expired: { label: 'opsConfig.code.status.expired' },
};
const deliveryTags: StatusTags<'queued' | 'sent' | 'delivered' | 'failed'> = {
  queued: { label: 'opsConfig.sms.status.queued' },
  sent: { label: 'opsConfig.sms.status.sent', color: 'blue' },
  delivered: { label: 'opsConfig.sms.status.delivered', color: 'green' },
  failed: { label: 'opsConfig.sms.status.failed', color: 'red' },
};

/**
 * The live code of a row, shown only to holders of the reveal interface after a question;
 * each reading is audited by the server ('verification code obtained successfully').
 */
function CodeCell({ row }: { row: VerifyCodeRow }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<string | null>(null);
  const can = useGrants().can(opsConfigApi.revealVerifyCode);
  const reveal = useEndpointMutation(opsConfigApi.revealVerifyCode, {
    success: 'messages.verificationCodeSuccess',
  });
  if (code) return <Typography.Text code>{code}</Typography.Text>;
  if (row.status !== 'live' || !can) return <span className="list-masked">••••••</span>;
  return (
    <Button
      size="small"
      icon={<EyeOutlined />}
      loading={reveal.isPending}
      aria-label={t('opsConfig.code.reveal', { phone: row.phone })}
      onClick={() =>
        feedback.confirm({
          title: t('common.tips'),
          content: t('opsConfig.code.revealConfirm', { phone: row.phone }),
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          onOk: () => reveal.mutate({ id: row.id }, { onSuccess: (ret) => setCode(ret.code) }),
        })
      }
    >
      {t('opsConfig.code.show')}
    </Button>
  );
}

/**
 * /telemarketing/customerVerifyCode: the one-time codes sent to phones, for staff
 * helping a borrower on a call: phone (masked, searched exactly), purpose, sent at, expiry,
 * status and delivery. A live code is shown only with the reveal permission, each view audited.
 */
export const VerifyCodePage = listPage(opsConfigApi.listVerifyCodes, ({ column, filter }) => ({
  route: 'customerVerifyCode',
  rowLabel: (row) => row.phone,
  filters: [
    filter.text('phone', 'opsConfig.sms.phone'),
    filter.choice('purpose', 'opsConfig.code.purpose', {
      login: 'opsConfig.code.purposes.login',
      loanAcceptance: 'opsConfig.code.purposes.loanAcceptance',
    }),
    filter.status('status', 'opsConfig.code.statusLabel', statusTags),
    filter.indiaDateRange('dateFrom', 'dateTo'),
  ],
  columns: [
    column.text('phone', 'opsConfig.sms.phone'),
    column.render('purpose', 'opsConfig.code.purpose', (row, t) =>
      t(`opsConfig.code.purposes.${row.purpose}`),
    ),
    column.instant('sentAt', 'opsConfig.sms.sentAt', { sortable: true }),
    column.instant('expiresAt', 'opsConfig.code.expiresAt'),
    column.status('status', 'opsConfig.code.statusLabel', statusTags),
    column.count('attempts', 'opsConfig.code.attempts'),
    column.render('delivery', 'opsConfig.code.delivery', (row, t) =>
      row.delivery ? t(deliveryTags[row.delivery].label) : '—',
    ),
    column.render('code', 'opsConfig.code.code', (row) => <CodeCell row={row} />),
  ],
}));
