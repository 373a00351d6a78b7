import type { TFunction } from 'i18next';
import { type AdjustmentRow, type AdjustmentTotals, financeApi } from '@lending/contract';
import {
  describeList,
  ListFilters,
  ListTable,
  ListToolbar,
  useListPage,
} from '../../../components/list-page';
import { TotalsBar } from '../../../components/totals-bar';
import { orderDetailPath } from '../finance-tags';

/** The net per kind of account of a journal (debit positive), in the contract's order. */
const KINDS = [
  ['receivablePaise', 'finance.adjustments.kinds.receivable'],
  ['incomePaise', 'finance.adjustments.kinds.income'],
  ['suspensePaise', 'finance.adjustments.kinds.suspense'],
  ['cashPaise', 'finance.adjustments.kinds.cash'],
  ['liabilityPaise', 'finance.adjustments.kinds.liability'],
  ['expensePaise', 'finance.adjustments.kinds.expense'],
] as const;

/** A ledger event in words: "Interest accrual", "Value-date reversal of Interest accrual". */
export function eventInWords(row: Pick<AdjustmentRow, 'event' | 'reverses'>, t: TFunction) {
  const name = (event: string) => t(`finance.adjustments.events.${event}`, { defaultValue: event });
  return row.reverses
    ? t('finance.adjustments.reversalOf', { event: name(row.event), undone: name(row.reverses) })
    : name(row.event);
}

/**
 * Journals posted on a business day later than the day they belong to: a value-dated
 * posting's reversals, payment and replays, and journals of a closed day booked on the next
 * open one. The range is of posting days; a closed day's own figures never change.
 */
const adjustmentsSpec = describeList(financeApi.adjustmentList, ({ column, filter }) => ({
  route: 'FinancialList',
  title: 'finance.ledger.tabs.adjustments',
  exportable: true,
  filters: [
    filter.indiaDateRange('dateFrom', 'dateTo', 'finance.adjustments.postedDateRange'),
    filter.text('orderNo', 'finance.orderNo'),
  ],
  columns: [
    column.indiaDate('postedDate', 'finance.adjustments.postedDate', { sortable: true }),
    column.indiaDate('valueDate', 'finance.adjustments.valueDate', { sortable: true }),
    column.link('orderNo', 'finance.orderNo', { to: (row) => orderDetailPath(row.orderNo!) }),
    column.render('event', 'finance.adjustments.event', (row, t) => eventInWords(row, t)),
    column.ellipsis('reason', 'finance.adjustments.reason', { width: 320 }),
    ...KINDS.map(([field, label]) => column.money(field, label)),
    column.text('id', 'finance.adjustments.journal', { hiddenByDefault: true }),
  ],
}));

export function AdjustmentsView() {
  const list = useListPage(adjustmentsSpec);
  const totals = (list.query.data as { totals: AdjustmentTotals } | undefined)?.totals;
  return (
    <>
      <ListFilters list={list} />
      <TotalsBar
        title="finance.totals.range"
        items={[
          { label: 'finance.count', value: totals?.count },
          ...KINDS.map(([field, label]) => ({ label, value: totals?.[field], money: true })),
        ]}
      />
      <ListToolbar list={list} />
      <ListTable list={list} />
      {list.dialog}
    </>
  );
}
