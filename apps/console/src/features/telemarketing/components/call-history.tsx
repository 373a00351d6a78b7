import { telemarketingApi } from '@lending/contract';
import {
  describeList,
  ListFilters,
  ListTable,
  ListToolbar,
  useListPage,
} from '../../../components/list-page';
import { callFilterTags, leadSourceTags } from '../telemarketing-tags';
import { useTelemarketerOptions } from './assign-dialogs';
import { CallOutcomeTag } from './call-outcome-tag';

/**
 * The telemarketing calls made, newest first: who called whom, the outcome (docs/product.md §4
 * follow), remarks and the next call, and the attempts the server refused (outside the
 * calling hours or over the daily cap, decisions 0057 and 0063). A telemarketer sees their own
 * calls. The Call history tab of /telemarketing/userList (decision 0078: checkList holds the
 * verification calls); its column settings are its own.
 */
const callHistorySpec = describeList(telemarketingApi.listCalls, ({ column, filter }) => ({
  route: 'callHistory',
  title: 'telemarketing.history.title',
  rowLabel: (row) => row.phone,
  filters: [
    filter.text('phone', 'telemarketing.phone', { placeholder: 'order.phonePlaceholder' }),
    filter.select('telemarketerId', 'telemarketing.telemarketer', useTelemarketerOptions),
    filter.status('outcome', 'telemarketing.call.outcome', callFilterTags),
    filter.indiaDateRange('calledFrom', 'calledTo', 'telemarketing.calledAt'),
  ],
  columns: [
    column.instant('calledAt', 'telemarketing.calledAt', { sortable: true }),
    column.masked('customerName', 'telemarketing.customerName'),
    column.masked('phone', 'telemarketing.phone'),
    column.status('source', 'telemarketing.source.label', leadSourceTags),
    column.text('telemarketerName', 'telemarketing.telemarketer'),
    column.render('outcome', 'telemarketing.call.outcome', (row) => <CallOutcomeTag call={row} />),
    column.ellipsis('remarks', 'telemarketing.call.remarks'),
    column.indiaDate('nextCallDate', 'telemarketing.nextCallDate'),
  ],
}));

export function CallHistoryView() {
  const list = useListPage(callHistorySpec);
  return (
    <>
      <ListFilters list={list} />
      <ListToolbar list={list} />
      <ListTable list={list} />
      {list.dialog}
    </>
  );
}
