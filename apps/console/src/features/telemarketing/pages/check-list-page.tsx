import { Tag } from 'antd';
import { telemarketingApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { orderDetailPath } from '../../../components/order-detail';
import { verificationStatusTags } from '../../../components/verification/checking-status-tags';
import { VerificationDialog } from '../components/verification-dialog';
import { reviewStageTags } from '../telemarketing-tags';

/**
 * /telemarketing/checkList: the verification calls before approval (issue #14, decision
 * 0078). Every order waiting for first or final review with its checking status: not checked
 * until someone records a call, then the latest call's result, what it verified, who called,
 * when and the notes. A reviewer who is not a lead sees the orders of their own review tasks
 * (the server scopes it). The telemarketing call history moved to a tab of
 * /telemarketing/userList.
 */
export const CheckListPage = listPage(
  telemarketingApi.listVerifications,
  ({ column, filter, action }) => ({
    route: 'checkList',
    rowLabel: (row) => row.orderNo,
    rowKey: (row) => row.orderId,
    filters: [
      filter.text('orderNo', 'verification.orderNo'),
      filter.text('phone', 'verification.phone', { placeholder: 'order.phonePlaceholder' }),
      filter.status('checkingStatus', 'verification.status.label', verificationStatusTags),
      filter.status('stage', 'verification.stage', reviewStageTags),
      filter.indiaDateRange('checkedFrom', 'checkedTo', 'verification.checkedOn'),
    ],
    columns: [
      column.link('orderNo', 'verification.orderNo', {
        to: (row) => orderDetailPath(row.orderNo),
        fixed: 'start',
      }),
      column.masked('customerName', 'verification.customerName'),
      column.masked('phone', 'verification.phone'),
      column.money('principalPaise', 'verification.amount', { sortable: true }),
      column.status('stage', 'verification.stage', reviewStageTags),
      column.status('checkingStatus', 'verification.status.label', verificationStatusTags),
      column.render('items', 'verification.items.label', (row, t) =>
        row.items.map((item) => <Tag key={item}>{t(`verification.items.${item}`)}</Tag>),
      ),
      column.text('checkedByName', 'verification.checkedBy'),
      column.instant('checkedAt', 'verification.checkedAt'),
      column.ellipsis('notes', 'verification.notes'),
      column.count('checks', 'verification.checks', { hiddenByDefault: true }),
    ],
    rowActions: [
      action.form('verification.record.button', VerificationDialog, {
        needs: telemarketingApi.recordVerification,
      }),
    ],
  }),
);
