import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type EndpointDefinition, type ReconciliationDayRow, financeApi } from '@lending/contract';
import {
  describeList,
  ListFilters,
  ListTable,
  ListToolbar,
  useListPage,
} from '../../../components/list-page';
import { useGrants } from '../../../lib/grants';
import { formatPaise } from '../../../lib/format';
import { BreaksDialog } from '../components/breaks-dialog';
import { UnappliedCreditsView } from '../components/unapplied-credits-view';
import { checkingStatusTags } from '../finance-tags';
import { AdjustmentsView } from '../ledger/adjustments-view';
import { CashFlowView } from '../ledger/cash-flow-view';
import { GstByMonthView } from '../ledger/gst-by-month-view';
import { PeriodLocksView } from '../ledger/period-locks-view';
import { TrialBalanceView } from '../ledger/trial-balance-view';

const thirdParty = (row: ReconciliationDayRow, t: (key: string) => string) =>
  row.thirdPartyAmountPaise === null
    ? t('finance.reconciliation.noStatement')
    : `${formatPaise(row.thirdPartyAmountPaise)} / ${row.thirdPartyCount ?? 0}`;

/**
 * Reconciliation per day, side and channel — the system's and the third party's amounts and counts
 * (docs/product.md §3) and the checking status (docs/product.md §4). A day's breaks open from its
 * row; a day passes when every break is resolved.
 */
const reconciliationSpec = describeList(
  financeApi.reconciliationDayList,
  ({ column, filter, action }) => ({
    route: 'FinancialList',
    exportable: true,
    rowLabel: (row) => `${row.date} ${row.channel}`,
    filters: [
      filter.indiaDateRange('dateFrom', 'dateTo', 'finance.reconciliation.dateRange'),
      filter.choice('side', 'finance.reconciliation.side', {
        collection: 'finance.sides.collection',
        payout: 'finance.sides.payout',
      }),
      filter.status('status', 'finance.status', checkingStatusTags),
    ],
    columns: [
      column.indiaDate('date', 'finance.reconciliation.date', { sortable: true }),
      column.render('side', 'finance.reconciliation.side', (row, t) =>
        t(`finance.sides.${row.side}`),
      ),
      column.text('channel', 'finance.channel'),
      column.money('systemAmountPaise', 'finance.reconciliation.systemAmount'),
      column.count('systemCount', 'finance.reconciliation.systemCount'),
      column.render('thirdParty', 'finance.reconciliation.thirdParty', (row, t) =>
        thirdParty(row, t),
      ),
      column.status('status', 'finance.status', checkingStatusTags),
      column.render('breaks', 'finance.reconciliation.breaks', (row, t) =>
        t('finance.reconciliation.breakCount', { open: row.openBreaks, all: row.breaks }),
      ),
      column.instant('checkedAt', 'finance.reconciliation.checkedAt', { hiddenByDefault: true }),
      // The server's nightly run or the staff member who ran the day again (decision 0065).
      column.render('checkedBy', 'finance.reconciliation.checkedBy', (row, t) =>
        row.checkedBy === 'scheduled'
          ? t('finance.reconciliation.scheduled')
          : (row.checkedByName ?? '—'),
      ),
    ],
    rowActions: [
      action.form('finance.reconciliation.showBreaks', BreaksDialog, {
        needs: financeApi.reconciliationBreakList,
        hidden: (row) => row.breaks === 0,
      }),
    ],
  }),
);

function ReconciliationView() {
  const list = useListPage(reconciliationSpec);
  return (
    <>
      <ListFilters list={list} />
      <ListToolbar list={list} />
      <ListTable list={list} />
      {list.dialog}
    </>
  );
}

/** The page's views, each shown only to holders of the endpoint it reads. */
const VIEWS: { key: string; needs: EndpointDefinition; View: () => ReactNode }[] = [
  { key: 'reconciliation', needs: financeApi.reconciliationDayList, View: ReconciliationView },
  { key: 'trialBalance', needs: financeApi.trialBalance, View: TrialBalanceView },
  { key: 'gstByMonth', needs: financeApi.gstByMonth, View: GstByMonthView },
  { key: 'cashFlow', needs: financeApi.cashFlow, View: CashFlowView },
  // Money no loan took, aged for finance: refunded by two people or applied by agreement.
  { key: 'unappliedCredits', needs: financeApi.unappliedCreditList, View: UnappliedCreditsView },
  { key: 'adjustments', needs: financeApi.adjustmentList, View: AdjustmentsView },
  { key: 'periodLocks', needs: financeApi.periodLockList, View: PeriodLocksView },
];

/**
 * /financialManagement/FinancialList: the reconciliation, and beside it the ledger's
 * own reads for finance staff and auditors — trial balance, GST on fees by month, daily cash
 * flow, the adjustments posted after the day they belong to — and the month locks (decision
 * 0048: tabs here, since the spec's menu has no route for them). The tab is in the URL
 * (`?view=`); a new tab starts with its own defaults.
 */
export function FinancialListPage() {
  const { t } = useTranslation();
  const { can } = useGrants();
  const [search, setSearch] = useSearchParams();
  const views = VIEWS.filter((view) => can(view.needs));
  const active = views.find((view) => view.key === search.get('view')) ?? views[0];
  return (
    <Card title={<h1 className="page-heading">{t('route.FinancialList')}</h1>}>
      <Tabs
        activeKey={active?.key}
        destroyOnHidden
        onChange={(key) => setSearch(key === views[0]?.key ? {} : { view: key })}
        items={views.map(({ key, View }) => ({
          key,
          label: t(`finance.ledger.tabs.${key}`),
          children: <View />,
        }))}
      />
    </Card>
  );
}
