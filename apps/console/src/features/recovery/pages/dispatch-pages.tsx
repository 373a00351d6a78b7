import { Alert, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CaseKind, recoveryApi } from '@lending/contract';
import { ListPageView, useListPage, describeList } from '../../../components/list-page';
import { useGrants } from '../../../lib/grants';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import { DispatchDialog, MoveBookDialog, TakeBackDialog } from '../components/dispatch-dialogs';
import { caseDetailPath, caseStatusTags, followStatusTags } from '../recovery-tags';

/**
 * Dispatch: the open cases with their collector (pool cases show why no one could take them),
 * manual dispatch and take-back of selected cases, moving a whole book, and dispatching the
 * pool by the groups' rules now (the day-end does it every night).
 */
function dispatchPage(route: string, kind: CaseKind) {
  const spec = describeList(recoveryApi.listCases, ({ column, filter, action }) => ({
    route,
    fixedFilters: { kind, state: 'open' as const },
    rowLabel: (row) => row.orderNo,
    filters: [
      filter.text('orderNo', 'collection.orderNo'),
      filter.text('stage', 'collection.stage'),
    ],
    columns: [
      column.link('orderNo', 'collection.orderNo', { to: caseDetailPath, fixed: 'start' }),
      column.masked('customerName', 'collection.customer'),
      column.text('stage', 'collection.stage'),
      column.days('overdueDays', 'collection.overdueDays', { sortable: true }),
      column.money('outstandingPaise', 'collection.outstanding'),
      column.text('collectorName', 'collection.collectorName'),
      column.text('groupName', 'collection.groupName'),
      column.render('undispatchedReason', 'collection.undispatched', (row, t) =>
        !row.collectorId && row.undispatchedReason
          ? t(`collection.reason.${row.undispatchedReason}`)
          : '',
      ),
      column.status('followStatus', 'collection.followStatus', followStatusTags),
      column.status('status', 'collection.caseStatus', caseStatusTags, { hiddenByDefault: true }),
    ],
    toolbar: [
      action.form('collection.moveBook.title', MoveBookDialog, { needs: recoveryApi.moveBook }),
    ],
    bulkActions: [
      action.bulkForm('collection.actions.dispatch', DispatchDialog, {
        needs: recoveryApi.manualDispatch,
      }),
      action.bulkForm('collection.actions.takeBack', TakeBackDialog, {
        needs: recoveryApi.takeBack,
      }),
    ],
  }));
  function DispatchPage() {
    const { t } = useTranslation();
    const grants = useGrants();
    const list = useListPage(spec);
    const [report, setReport] = useState<{
      dispatched: number;
      undispatched: { caseId: number; reason: string }[];
    } | null>(null);
    const run = useEndpointMutation(recoveryApi.runDispatch, {
      invalidates: [recoveryApi.listCases, recoveryApi.listCollectors],
    });
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        {grants.can(recoveryApi.runDispatch) ? (
          <Card size="small">
            <Space>
              <Button
                loading={run.isPending}
                onClick={() =>
                  run
                    .mutateAsync({ kind })
                    .then(setReport)
                    .catch(() => undefined)
                }
              >
                {t('collection.dispatch.runNow')}
              </Button>
              {report ? (
                <Alert
                  type={report.undispatched.length > 0 ? 'warning' : 'success'}
                  showIcon
                  message={t('collection.dispatch.report', {
                    dispatched: report.dispatched,
                    undispatched: report.undispatched.length,
                  })}
                />
              ) : null}
            </Space>
          </Card>
        ) : null}
        <ListPageView list={list} />
      </Space>
    );
  }
  return DispatchPage;
}

export const CollectionDispatchPage = dispatchPage('collectionDispatchManage', 'collection');
export const PreDispatchPage = dispatchPage('dispatchManage', 'pre');
