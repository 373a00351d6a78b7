import { Card, Tabs, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type CallHours, type EndpointDefinition, telemarketingApi } from '@lending/contract';
import {
  describeList,
  ListFilters,
  ListTable,
  ListToolbar,
  useListPage,
} from '../../../components/list-page';
import { useGrants } from '../../../lib/grants';
import {
  AssignDialog,
  ImportLeadsDialog,
  RefreshDialog,
  useTelemarketerOptions,
} from '../components/assign-dialogs';
import { CallDialog } from '../components/call-dialog';
import { CallHistoryView } from '../components/call-history';
import { CallHoursContext } from '../components/call-hours';
import { conversionTags, followStatusTags, leadSourceTags } from '../telemarketing-tags';

function useUnassignedOptions() {
  const { t } = useTranslation();
  return [{ value: true, label: t('telemarketing.unassignedOnly') }];
}

const spec = describeList(telemarketingApi.listLeads, ({ column, filter, action }) => ({
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
        endpoint: telemarketingApi.revealLeadPhone,
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
  toolbar: [
    action.form('telemarketing.refresh.button', RefreshDialog, {
      needs: telemarketingApi.refreshLeads,
    }),
    action.form('telemarketing.import.button', ImportLeadsDialog, {
      needs: telemarketingApi.importLeads,
    }),
  ],
  rowActions: [
    action.form('telemarketing.call.button', CallDialog, {
      needs: telemarketingApi.recordCall,
      hidden: (row) => row.telemarketerId === null,
      // The server refuses the call too (409 4197); the button says why before anyone dials.
      disabled: (row) => (row.optedOut ? 'telemarketing.optOut.noCall' : false),
    }),
  ],
  bulkActions: [
    action.bulkForm('telemarketing.assign.button', AssignDialog, {
      needs: telemarketingApi.assignLeads,
    }),
  ],
}));

/**
 * The call list. Users registered but not borrowing, cleared and not borrowing again, rejected
 * and free to apply again, or imported from an .xlsx list (decision 0080), each assigned by the lead to a telemarketer, who sees only their own, reveals a phone to call it
 * (audited) and records the call. The list's answer carries the calling hours in force, which
 * the call dialog shows (decision 0057). A number that opted out of marketing is marked and
 * cannot be called (decision 0068).
 */
function CallListView() {
  const list = useListPage(spec);
  const answer = list.query.data as { callHours: CallHours } | undefined;
  return (
    <CallHoursContext.Provider value={answer?.callHours ?? null}>
      <ListFilters list={list} />
      <ListToolbar list={list} />
      <ListTable list={list} />
      {list.dialog}
    </CallHoursContext.Provider>
  );
}

/** The page's views, each shown only to holders of the endpoint it reads. */
const VIEWS: { key: string; needs: EndpointDefinition; View: () => ReactNode }[] = [
  { key: 'leads', needs: telemarketingApi.listLeads, View: CallListView },
  { key: 'calls', needs: telemarketingApi.listCalls, View: CallHistoryView },
];

/**
 * /telemarketing/userList: the call list, and in a second tab the history of the calls made
 * (`?view=calls`), where the telemarketing floor works: checkList holds the verification calls
 * before approval since decision 0078. A new tab starts with its own defaults.
 */
export function UserListPage() {
  const { t } = useTranslation();
  const { can } = useGrants();
  const [search, setSearch] = useSearchParams();
  const views = VIEWS.filter((view) => can(view.needs));
  const active = views.find((view) => view.key === search.get('view')) ?? views[0];
  return (
    <Card title={<h1 className="page-heading">{t('route.userList')}</h1>}>
      <Tabs
        activeKey={active?.key}
        destroyOnHidden
        onChange={(key) => setSearch(key === views[0]?.key ? {} : { view: key })}
        items={views.map(({ key, View }) => ({
          key,
          label: t(`telemarketing.views.${key}`),
          children: <View />,
        }))}
      />
    </Card>
  );
}
