import { Tag } from 'antd';
import { type CaseRow, recoveryApi } from '@lending/contract';
import { assetClassTags, useRescheduledOptions } from '../../../components/asset-class';
import { listPage, type ListKit } from '../../../components/list-page';
import type { FiltersOf } from '../../../components/list-page/types';
import { DispatchDialog, TakeBackDialog } from '../components/dispatch-dialogs';
import { FollowUpDialog } from '../components/follow-up-dialog';
import { caseDetailPath, caseStatusTags, followStatusTags } from '../recovery-tags';

type Filters = Partial<FiltersOf<typeof recoveryApi.listCases>>;

function PromiseCell({ row, t }: { row: CaseRow; t: (key: string) => string }) {
  if (row.promiseBroken) return <Tag color="red">{t('collection.promise.broken')}</Tag>;
  if (row.promiseToday) return <Tag color="gold">{t('collection.promise.today')}</Tag>;
  return row.promiseDate ? <span>{row.promiseDate}</span> : <span>—</span>;
}

/** One description for every case list; each route fixes what it shows (docs/product.md §2). */
function casePage(route: string, fixedFilters: Filters, manage: boolean) {
  return listPage(
    recoveryApi.listCases,
    ({ column, filter, action }: ListKit<typeof recoveryApi.listCases>) => ({
      route,
      fixedFilters,
      rowLabel: (row) => row.orderNo,
      filters: [
        filter.text('orderNo', 'collection.orderNo'),
        filter.text('phone', 'collection.phone'),
        filter.text('stage', 'collection.stage'),
        filter.number('overdueDaysMin', 'collection.overdueDaysMin'),
        filter.number('overdueDaysMax', 'collection.overdueDaysMax'),
        filter.amountRange('amountMin', 'amountMax', 'collection.outstanding'),
        filter.status('followStatus', 'collection.followStatus', followStatusTags),
        filter.indiaDateRange('lastContactFrom', 'lastContactTo', 'collection.lastContact'),
        filter.status('rbiClass', 'assetClass.rbiClass', assetClassTags),
        filter.select('rescheduled', 'assetClass.rescheduled', useRescheduledOptions),
      ],
      columns: [
        column.link('orderNo', 'collection.orderNo', { to: caseDetailPath, fixed: 'start' }),
        column.masked('customerName', 'collection.customer'),
        column.masked('customerPhone', 'collection.phone'),
        column.text('stage', 'collection.stage'),
        column.days('overdueDays', 'collection.overdueDays', { sortable: true }),
        column.indiaDate('dueDate', 'collection.dueDate', { sortable: true }),
        // A crowded list: the class is there to switch on in the column settings.
        column.status('rbiClass', 'assetClass.rbiClass', assetClassTags, { hiddenByDefault: true }),
        column.money('outstandingPaise', 'collection.outstanding'),
        column.money('owedAtAssignmentPaise', 'collection.owedAtAssignment', {
          hiddenByDefault: true,
        }),
        column.money('recoveredPaise', 'collection.recovered'),
        column.text('collectorName', 'collection.collectorName'),
        column.text('groupName', 'collection.groupName', { hiddenByDefault: true }),
        column.status('followStatus', 'collection.followStatus', followStatusTags),
        column.render('promiseDate', 'collection.promiseDate', (row, t) => (
          <PromiseCell row={row} t={t} />
        )),
        column.instant('lastContactAt', 'collection.lastContact', { sortable: true }),
        column.count('attemptsToday', 'collection.attemptsToday'),
        column.status('status', 'collection.caseStatus', caseStatusTags),
        column.render('undispatchedReason', 'collection.undispatched', (row, t) =>
          row.undispatchedReason && !row.collectorId ? (
            <Tag color="red">{t(`collection.reason.${row.undispatchedReason}`)}</Tag>
          ) : null,
        ),
      ],
      rowActions: [
        action.form('collection.actions.followUp', FollowUpDialog, {
          needs: recoveryApi.logFollowUp,
          hidden: (row) => row.status !== 'open',
        }),
      ],
      bulkActions: manage
        ? [
            action.bulkForm('collection.actions.dispatch', DispatchDialog, {
              needs: recoveryApi.manualDispatch,
            }),
            action.bulkForm('collection.actions.takeBack', TakeBackDialog, {
              needs: recoveryApi.takeBack,
            }),
          ]
        : [],
    }),
  );
}

/** /collection/collectionOrderManage/all: open collection cases. */
export const CollectionOrderAllPage = casePage(
  'collectionOrderAll',
  { kind: 'collection', state: 'open' },
  true,
);
/** …/finish: finished and closed collection cases. */
export const CollectionOrderFinishPage = casePage(
  'collectionOrderFinish',
  { kind: 'collection', state: 'done' },
  false,
);
/** /precollection/preCollectionManage/orderList: pre-collection cases not yet followed up. */
export const PreCollectionOrderListPage = casePage(
  'preCollectionOrderList',
  { kind: 'pre', state: 'open', followedUp: false },
  true,
);
/** …/orderProcessingList: pre-collection cases being followed up. */
export const PreCollectionOrderProcessingListPage = casePage(
  'preCollectionOrderProcessingList',
  { kind: 'pre', state: 'open', followedUp: true },
  true,
);
/** /precollection/myPreCollectionManage/myOrderList: the signed-in collector's open cases, promised today and broken promises first. */
export const MyOrderListPage = casePage('myOrderList', { mine: true, state: 'open' }, false);
/** …/myOrderProcessingList: the collector's cases already followed up. */
export const MyOrderProcessingListPage = casePage(
  'myOrderProcessingList',
  { mine: true, state: 'open', followedUp: true },
  false,
);
