import { listCalls } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { useTelemarketerOptions } from '../components/assign-dialogs';
import { leadSourceTags, outcomeTags } from '../telemarketing-tags';

/**
 * Spec §2 /telemarketing/checkList: the calls made, newest first: who called whom, the outcome
 * (docs/product.md §4 follow), remarks and the next call. A telemarketer sees their own calls.
 */
export const CheckListPage = listPage(listCalls, ({ column, filter }) => ({
  route: 'checkList',
  rowLabel: (row) => row.phone,
  filters: [
    filter.text('phone', 'telemarketing.phone', { placeholder: 'order.phonePlaceholder' }),
    filter.select('telemarketerId', 'telemarketing.telemarketer', useTelemarketerOptions),
    filter.status('outcome', 'telemarketing.call.outcome', outcomeTags),
    filter.indiaDateRange('calledFrom', 'calledTo', 'telemarketing.calledAt'),
  ],
  columns: [
    column.instant('calledAt', 'telemarketing.calledAt', { sortable: true }),
    column.masked('customerName', 'telemarketing.customerName'),
    column.masked('phone', 'telemarketing.phone'),
    column.status('source', 'telemarketing.source.label', leadSourceTags),
    column.text('telemarketerName', 'telemarketing.telemarketer'),
    column.status('outcome', 'telemarketing.call.outcome', outcomeTags),
    column.ellipsis('remarks', 'telemarketing.call.remarks'),
    column.indiaDate('nextCallDate', 'telemarketing.nextCallDate'),
  ],
}));
