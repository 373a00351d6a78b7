import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EndpointRet, financeApi } from '@lending/contract';
import { describeList, ListTable, ListToolbar, useListPage } from '../../../components/list-page';
import { LockMonthDialog } from '../components/lock-month-dialog';

type PeriodLocks = EndpointRet<typeof financeApi.periodLockList>;

/** The month locks, newest first; a holder of `finance.lock_month` locks the next one. */
const periodLocksSpec = describeList(financeApi.periodLockList, ({ column, action }) => ({
  route: 'FinancialList',
  title: 'finance.ledger.tabs.periodLocks',
  exportable: false,
  columns: [
    column.text('month', 'finance.periodLocks.month'),
    column.indiaDate('lockedThrough', 'finance.periodLocks.lockedThrough'),
    column.ellipsis('reason', 'finance.periodLocks.reason'),
    column.text('lockedBy', 'finance.periodLocks.lockedBy'),
    column.instant('lockedAt', 'finance.periodLocks.lockedAt'),
  ],
  toolbar: [
    action.form('finance.periodLocks.lock', LockMonthDialog, { needs: financeApi.lockMonth }),
  ],
}));

/** Where the ledger stands: closed and locked through, and what a posting into a lock does. */
function LedgerPeriod({ state }: { state: PeriodLocks | undefined }) {
  const { t } = useTranslation();
  const none = t('finance.periodLocks.none');
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 3 }}
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'closed',
          label: t('finance.periodLocks.closedThrough'),
          children: state ? (state.closedThrough ?? none) : '—',
        },
        {
          key: 'locked',
          label: t('finance.periodLocks.lockedThrough'),
          children: state ? (state.lockedThrough ?? none) : '—',
        },
        {
          key: 'setting',
          label: t('finance.periodLocks.setting'),
          children: state ? t(`finance.periodLocks.modes.${state.postingMode}`) : '—',
        },
      ]}
    />
  );
}

/**
 * Month locks: finance locks a month once the day-end has closed every day of it; no journal
 * may then belong to a day up to its end. Permanent: there is no unlock.
 */
export function PeriodLocksView() {
  const { t } = useTranslation();
  const list = useListPage(periodLocksSpec);
  const state = list.query.data as PeriodLocks | undefined;
  return (
    <>
      <LedgerPeriod state={state} />
      <Typography.Paragraph type="secondary">{t('finance.periodLocks.note')}</Typography.Paragraph>
      <ListToolbar list={list} />
      <ListTable list={list} />
      {list.dialog}
    </>
  );
}
