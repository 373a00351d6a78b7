import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LoginLogEntry, auditApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';

function LoginResult({ entry }: { entry: LoginLogEntry }) {
  const { t } = useTranslation();
  if (entry.success) return <Tag color="green">{t('loginLog.success')}</Tag>;
  const reason = entry.failureReason ? `: ${t(`loginLog.reasons.${entry.failureReason}`)}` : '';
  return <Tag color="red">{`${t('loginLog.failure')}${reason}`}</Tag>;
}

/** /systemConfig/loginLog: every sign-in attempt, times in India time. */
export const LoginLogPage = listPage(auditApi.loginLog, ({ column, filter }) => ({
  route: 'loginLog',
  filters: [
    filter.text('email', 'loginLog.email'),
    filter.choice('result', 'loginLog.result', {
      success: 'loginLog.success',
      failure: 'loginLog.failure',
    }),
    filter.text('ip', 'loginLog.address'),
    filter.indiaDateRange('dateFrom', 'dateTo'),
  ],
  columns: [
    column.instant('at', 'common.time', { sortable: true }),
    column.text('email', 'loginLog.email'),
    column.text('userName', 'loginLog.account'),
    column.render('result', 'loginLog.result', (entry) => <LoginResult entry={entry} />),
    column.text('ip', 'loginLog.address'),
    column.ellipsis('userAgent', 'loginLog.userAgent'),
  ],
}));
