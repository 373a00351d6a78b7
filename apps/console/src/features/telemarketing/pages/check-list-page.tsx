import { listCalls } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { useTelemarketerOptions } from '../components/assign-dialogs';
import { CallOutcomeTag } from '../components/call-outcome-tag';
import { callFilterTags, leadSourceTags } from '../telemarketing-tags';

/**
 * /telemarketing/checkList: the calls made, newest first: who called whom, the
 * outcome (docs/product.md §4 follow), remarks and the next call, and the attempts the server refused
 * (outside the calling hours, decision 0057). A telemarketer sees their own calls.
 */
export const CheckListPage = listPage(listCalls, ({ column, filter }) => ({
  route: 'checkList',
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
