import { type CaseKind, recoveryApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { CollectorDialog } from '../components/collector-dialog';
import { groupDialog } from '../components/group-dialog';

function groupPage(route: string, kind: CaseKind) {
  const Dialog = groupDialog(kind);
  return listPage(recoveryApi.listGroups, ({ column, action }) => ({
    route,
    fixedFilters: { kind },
    rowLabel: (row) => row.name,
    columns: [
      column.text('name', 'collection.group.name'),
      column.tags('stages', 'collection.group.stages', (s) => s),
      column.count('members', 'collection.group.members'),
      column.count('openCases', 'collection.openCases'),
      column.count('dailyCap', 'collection.group.dailyCap'),
      column.status('dispatchMode', 'collection.group.mode', {
        leastLoaded: { label: 'collection.mode.leastLoaded' },
        roundRobin: { label: 'collection.mode.roundRobin' },
        ratio: { label: 'collection.mode.ratio' },
      }),
      column.days('keepDays', 'collection.group.keepDays'),
      column.render('active', 'collection.group.active', (row, t) =>
        t(row.active ? 'collection.group.activeYes' : 'collection.group.activeNo'),
      ),
    ],
    toolbar: [action.form('collection.group.add', Dialog, { needs: recoveryApi.saveGroup })],
    rowActions: [
      action.form('common.edit', Dialog, { needs: recoveryApi.saveGroup }),
      action.call(recoveryApi.deleteGroup, {
        label: 'common.delete',
        body: (row) => ({ id: row.id }),
        confirm: 'collection.group.deleteConfirm',
        danger: true,
        success: 'messages.deleteSuccess',
      }),
    ],
  }));
}

/** /collection/collectioGroupManage and /precollection/groupManage. */
export const CollectionGroupPage = groupPage('collectioGroupManage', 'collection');
export const PreGroupPage = groupPage('groupManage', 'pre');

function collectorPage(route: string, kind: CaseKind) {
  return listPage(recoveryApi.listCollectors, ({ column, action }) => ({
    route,
    fixedFilters: { kind },
    rowKey: (row) => row.userId,
    rowLabel: (row) => row.name,
    columns: [
      column.text('name', 'collection.collector.name'),
      column.text('email', 'collection.collector.email'),
      column.text('groupName', 'collection.group.name'),
      column.render('onDuty', 'collection.collector.onDuty', (row, t) =>
        t(row.onDuty ? 'collection.collector.onDutyYes' : 'collection.collector.onDutyNo'),
      ),
      column.count('dailyCap', 'collection.group.dailyCap'),
      column.count('assignedToday', 'collection.collector.assignedToday'),
      column.count('openCases', 'collection.openCases'),
      column.count('contactsToday', 'collection.collector.contactsToday'),
      column.count('weight', 'collection.collector.weight', { hiddenByDefault: true }),
      column.money('recoveredThisMonthPaise', 'collection.collector.recoveredThisMonth'),
    ],
    rowActions: [action.form('common.edit', CollectorDialog, { needs: recoveryApi.saveCollector })],
  }));
}

/** /collection/collectionUserManage and /precollection/userManage. */
export const CollectionUserPage = collectorPage('collectionUserManage', 'collection');
export const PreUserPage = collectorPage('userManage', 'pre');
