import { riskApi } from '@lending/contract';
import { listPage, type StatusTags } from '../../../components/list-page';
import {
  AddBlacklistDialog,
  ImportBlacklistDialog,
  RemoveBlacklistDialog,
} from '../components/blacklist-dialogs';

const kindTags: StatusTags<'phone' | 'pan' | 'device' | 'bankAccount'> = {
  phone: { label: 'blacklist.kinds.phone', color: 'blue' },
  pan: { label: 'blacklist.kinds.pan', color: 'purple' },
  device: { label: 'blacklist.kinds.device', color: 'cyan' },
  bankAccount: { label: 'blacklist.kinds.bankAccount', color: 'geekblue' },
};
const sourceTags: StatusTags<'manual' | 'rejectionCode' | 'fraud'> = {
  manual: { label: 'blacklist.sources.manual' },
  rejectionCode: { label: 'blacklist.sources.rejectionCode', color: 'gold' },
  fraud: { label: 'blacklist.sources.fraud', color: 'red' },
};

/**
 * /toolMage/blacklist: phone, PAN, device or bank account entries with reason and
 * source; machine review refuses an application that matches one (when riskConfig's blacklist
 * check is on). Values arrive masked; the search is exact on the normalised value. Entries
 * come one by one or from .xlsx.
 */
export const BlacklistPage = listPage(riskApi.listBlacklist, ({ column, filter, action }) => ({
  route: 'blacklist',
  rowLabel: (row) => row.value,
  filters: [
    filter.status('kind', 'blacklist.kind', kindTags),
    filter.text('value', 'blacklist.value'),
    filter.status('source', 'blacklist.source', sourceTags),
    filter.indiaDateRange('dateFrom', 'dateTo'),
  ],
  columns: [
    column.status('kind', 'blacklist.kind', kindTags),
    column.masked('value', 'blacklist.value'),
    column.ellipsis('reason', 'blacklist.reason'),
    column.status('source', 'blacklist.source', sourceTags),
    column.count('hits', 'blacklist.hits', { sortable: true }),
    column.text('addedBy', 'blacklist.addedBy'),
    column.instant('addedAt', 'blacklist.addedAt', { sortable: true }),
  ],
  toolbar: [
    action.form('blacklist.add', AddBlacklistDialog, { needs: riskApi.addBlacklist }),
    action.form('blacklist.import', ImportBlacklistDialog, { needs: riskApi.importBlacklist }),
  ],
  rowActions: [
    action.form('blacklist.remove', RemoveBlacklistDialog, {
      needs: riskApi.removeBlacklist,
      danger: true,
    }),
  ],
}));
