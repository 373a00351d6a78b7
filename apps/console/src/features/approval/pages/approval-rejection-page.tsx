import { type RejectionCode, approvalApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { rejectionStageTags } from '../approval-tags';
import { RejectionCodeDialog } from '../components/rejection-code-dialog';

/**
 * /approve/approvalRejection: rejection codes with their texts (en, zh), stage, effect
 * (days before re-applying, blacklist flag), the borrower's message, enabled. A used code is
 * disabled, never deleted; deleting an unused one asks first.
 */
export const ApprovalRejectionPage = listPage(
  approvalApi.rejectionCodeList,
  ({ column, filter, action }) => ({
    route: 'approvalRejection',
    rowLabel: (code: RejectionCode) => code.code,
    filters: [
      filter.text('code', 'approval.rejection.code'),
      filter.status('stage', 'approval.stage', rejectionStageTags),
    ],
    columns: [
      column.text('code', 'approval.rejection.code', { sortable: true, fixed: 'start' }),
      column.text('textEn', 'approval.rejection.textEn'),
      column.text('textZh', 'approval.rejection.textZh'),
      column.status('stage', 'approval.stage', rejectionStageTags),
      column.days('reapplyAfterDays', 'approval.rejection.reapplyAfterDays'),
      column.render('blacklist', 'approval.rejection.blacklist', (code, t) =>
        code.blacklist ? t('approval.rejection.blacklistYes') : '—',
      ),
      column.ellipsis('borrowerMessage', 'approval.rejection.borrowerMessage'),
      column.count('usedCount', 'approval.rejection.usedCount'),
      column.toggle('enabled', 'approval.rejection.enabled', {
        endpoint: approvalApi.setRejectionCodeStatus,
        on: true,
        off: false,
        body: (code, enabled) => ({ id: code.id, enabled }),
        labels: { on: 'approval.rejection.enable', off: 'approval.rejection.disable' },
        confirmOff: 'approval.rejection.confirmDisable',
      }),
    ],
    toolbar: [
      action.form('approval.rejection.newCode', RejectionCodeDialog, {
        needs: approvalApi.saveRejectionCode,
      }),
    ],
    rowActions: [
      action.form('approval.rejection.edit', RejectionCodeDialog, {
        needs: approvalApi.saveRejectionCode,
      }),
      action.call(approvalApi.deleteRejectionCode, {
        label: 'approval.rejection.delete',
        body: (code) => ({ id: code.id }),
        confirm: 'approval.rejection.confirmDelete',
        danger: true,
        success: 'messages.deleteSuccess',
        disabled: (code) => (code.usedCount > 0 ? 'approval.rejection.usedCannotDelete' : false),
      }),
    ],
  }),
);
