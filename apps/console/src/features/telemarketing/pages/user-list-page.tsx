import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  assignLeads,
  type CallHours,
  listLeads,
  recordCall,
  refreshLeads,
  revealLeadPhone,
} from '@lending/contract';
import { describeList, ListPageView, useListPage } from '../../../components/list-page';
import { AssignDialog, RefreshDialog, useTelemarketerOptions } from '../components/assign-dialogs';
import { CallDialog } from '../components/call-dialog';
import { CallHoursContext } from '../components/call-hours';
import { conversionTags, followStatusTags, leadSourceTags } from '../telemarketing-tags';

function useUnassignedOptions() {
  const { t } = useTranslation();
  return [{ value: true, label: t('telemarketing.unassignedOnly') }];
}

const spec = describeList(listLeads, ({ column, filter, action }) => ({
  route: 'userList',
  rowLabel: (row) => row.phone,
  filters: [
    filter.text('phone', 'telemarketing.phone', { placeholder: 'order.phonePlaceholder' }),
    filter.status('source', 'telemarketing.source.label', leadSourceTags),
    filter.status('followStatus', 'telemarketing.followStatus', followStatusTags),
    filter.select('telemarketerId', 'telemarketing.telemarketer', useTelemarketerOptions),
    filter.select('unassigned', 'telemarketing.assignment', useUnassignedOptions),
  ],
  columns: [
    column.masked('customerName', 'telemarketing.customerName'),
    column.masked('phone', 'telemarketing.phone', {
      reveal: {
        endpoint: revealLeadPhone,
        body: (row) => ({ leadId: row.id }),
        value: (ret) => ret.phone,
      },
    }),
    column.status('source', 'telemarketing.source.label', leadSourceTags),
    column.indiaDate('sinceDate', 'telemarketing.sinceDate', { sortable: true }),
    column.text('telemarketerName', 'telemarketing.telemarketer'),
    column.instant('assignedAt', 'telemarketing.assignedAt', { sortable: true }),
    column.status('followStatus', 'telemarketing.followStatus', followStatusTags),
    // A number that opted out of marketing stays on the list, marked, and is not called (0068).
    column.render('optedOut', 'telemarketing.optOut.column', (row, t) =>
      row.optedOut ? <Tag color="red">{t('telemarketing.optOut.tag')}</Tag> : null,
    ),
    column.count('calls', 'telemarketing.calls'),
    // "2/3": today's calls to the number against the daily cap, before dialling (decision 0063).
    column.count('callsToday', 'telemarketing.callsToday', {
      template: 'telemarketing.callsTodayOf',
    }),
    column.instant('lastCallAt', 'telemarketing.lastCallAt', { sortable: true }),
    column.indiaDate('nextCallDate', 'telemarketing.nextCallDate', { sortable: true }),
    column.status('conversion', 'telemarketing.conversion.label', conversionTags),
  ],
  toolbar: [action.form('telemarketing.refresh.button', RefreshDialog, { needs: refreshLeads })],
  rowActions: [
    action.form('telemarketing.call.button', CallDialog, {
      needs: recordCall,
      hidden: (row) => row.telemarketerId === null,
      // The server refuses the call too (409 4197); the button says why before anyone dials.
      disabled: (row) => (row.optedOut ? 'telemarketing.optOut.noCall' : false),
    }),
  ],
  bulkActions: [
    action.bulkForm('telemarketing.assign.button', AssignDialog, { needs: assignLeads }),
  ],
}));

/**
 * /telemarketing/userList: the call list. Users registered but not borrowing, or
 * cleared and not borrowing again, each assigned by the lead to a telemarketer, who sees only
 * their own, reveals a phone to call it (audited) and records the call. The list's answer
 * carries the calling hours in force, which the call dialog shows (decision 0057). A number
 * that opted out of marketing is marked and cannot be called (decision 0068).
 */
export function UserListPage() {
  const list = useListPage(spec);
  const answer = list.query.data as { callHours: CallHours } | undefined;
  return (
    <CallHoursContext.Provider value={answer?.callHours ?? null}>
      <ListPageView list={list} />
    </CallHoursContext.Provider>
  );
}
