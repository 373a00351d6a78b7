import { type ReviewerRow, approvalApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { formatPpmPercent } from '../../../lib/format';
import { stageTags } from '../approval-tags';
import { ReviewerDialog } from '../components/reviewer-dialog';
import { useGroupFilterOptions } from '../use-approval-options';

/**
 * /approve/reviewerManage: reviewers with group, duty, cap, pending now, decided today
 * and pass rate. Going off duty releases the reviewer's waiting orders to the others.
 */
export const ReviewerManagePage = listPage(
  approvalApi.reviewerList,
  ({ column, filter, action }) => ({
    route: 'reviewerManage',
    rowLabel: (row: ReviewerRow) => row.name,
    rowKey: (row: ReviewerRow) => row.userId,
    filters: [
      filter.select('groupId', 'approval.reviewers.group', useGroupFilterOptions),
      filter.choice('stage', 'approval.stage', {
        first: 'approval.stages.first',
        final: 'approval.stages.final',
      }),
    ],
    columns: [
      column.text('name', 'approval.reviewers.name', { sortable: true, fixed: 'start' }),
      column.text('groupName', 'approval.reviewers.group'),
      column.status('stage', 'approval.stage', stageTags),
      column.toggle('onDuty', 'approval.reviewers.onDuty', {
        endpoint: approvalApi.saveReviewer,
        on: true,
        off: false,
        body: (row, onDuty) => ({
          userId: row.userId,
          groupId: row.groupId,
          onDuty,
          dailyCap: row.ownCap,
        }),
        labels: { on: 'approval.reviewers.onDutyYes', off: 'approval.reviewers.onDutyNo' },
        confirmOff: 'approval.reviewers.confirmOffDuty',
        invalidates: [approvalApi.reviewQueue],
      }),
      column.count('dailyCap', 'approval.reviewers.cap'),
      column.count('pending', 'approval.reviewers.pending'),
      column.count('decidedToday', 'approval.reviewers.decidedToday'),
      column.render('passRate', 'approval.reviewers.passRate', (row) =>
        row.passRatePpm === null ? '—' : formatPpmPercent(row.passRatePpm),
      ),
    ],
    toolbar: [
      action.form('approval.reviewers.add', ReviewerDialog, { needs: approvalApi.saveReviewer }),
    ],
    rowActions: [
      action.form('approval.reviewers.edit', ReviewerDialog, { needs: approvalApi.saveReviewer }),
    ],
  }),
);
