import { type ReviewGroup, approvalApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { stageTags } from '../approval-tags';
import { ReviewGroupDialog } from '../components/review-group-dialog';

/**
 * /approve/reviewGroup: review groups (stage, members, products, new/old customers,
 * daily cap per reviewer, active). New work goes to the groups that match the order.
 */
export const ReviewGroupPage = listPage(
  approvalApi.reviewGroupList,
  ({ column, filter, action }) => ({
    route: 'reviewGroup',
    rowLabel: (group: ReviewGroup) => group.name,
    filters: [
      filter.choice('stage', 'approval.stage', {
        first: 'approval.stages.first',
        final: 'approval.stages.final',
      }),
    ],
    columns: [
      column.text('name', 'approval.group.name', { sortable: true, fixed: 'start' }),
      column.status('stage', 'approval.stage', stageTags),
      column.tags('members', 'approval.group.members', (name) => name),
      column.render('products', 'approval.group.products', (group, t) =>
        group.productNames.length ? group.productNames.join(', ') : t('approval.group.allProducts'),
      ),
      column.render('customerType', 'approval.customerType', (group, t) =>
        t(`approval.customerTypes.${group.customerType}`),
      ),
      column.count('dailyCap', 'approval.group.dailyCap'),
      column.render('active', 'approval.group.active', (group, t) =>
        t(group.active ? 'approval.group.activeYes' : 'approval.group.activeNo'),
      ),
    ],
    toolbar: [
      action.form('approval.group.newGroup', ReviewGroupDialog, {
        needs: approvalApi.saveReviewGroup,
      }),
    ],
    rowActions: [
      action.form('approval.group.edit', ReviewGroupDialog, { needs: approvalApi.saveReviewGroup }),
      action.call(approvalApi.deleteReviewGroup, {
        label: 'approval.group.delete',
        body: (group) => ({ id: group.id }),
        confirm: 'approval.group.confirmDelete',
        danger: true,
        success: 'messages.deleteSuccess',
        invalidates: [approvalApi.reviewerOptions],
      }),
    ],
  }),
);
