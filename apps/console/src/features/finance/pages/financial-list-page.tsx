import {
  reconciliationBreakList,
  reconciliationDayList,
  type ReconciliationDayRow,
} from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { formatPaise } from '../../../lib/format';
import { BreaksDialog } from '../components/breaks-dialog';
import { checkingStatusTags } from '../finance-tags';

const thirdParty = (row: ReconciliationDayRow, t: (key: string) => string) =>
  row.thirdPartyAmountPaise === null
    ? t('finance.reconciliation.noStatement')
    : `${formatPaise(row.thirdPartyAmountPaise)} / ${row.thirdPartyCount ?? 0}`;

/**
 * Spec §2 /financialManagement/FinancialList: reconciliation per day, side and channel — the
 * system's and the third party's amounts and counts (spec §3) and the checking status (spec
 * §4). A day's breaks open from its row; a day passes when every break is resolved.
 */
export const FinancialListPage = listPage(reconciliationDayList, ({ column, filter, action }) => ({
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
  ],
  rowActions: [
    action.form('finance.reconciliation.showBreaks', BreaksDialog, {
      needs: reconciliationBreakList,
      hidden: (row) => row.breaks === 0,
    }),
  ],
}));
