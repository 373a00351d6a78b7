import { type MachineRow, approvalApi } from '@lending/contract';
import { listPage, type ListKit } from '../../../components/list-page';
import { orderStatusTags } from '../../../components/order-detail';
import { machineDetailPath } from '../approval-paths';
import { customerTypeTags } from '../approval-tags';

/**
 * /approve/machinerReview: the machine's decisions (score, rules hit, first refusing
 * rule, rule-set version, decided at), one list per result; the order number opens the hidden
 * machinerDetail / machinerDetailReject.
 */
function machineDecisions(result: 'pass' | 'reject', route: string) {
  return ({ column, filter, action }: ListKit<typeof approvalApi.machineList>) => ({
    route,
    fixedFilters: { result },
    rowLabel: (row: MachineRow) => row.orderNo,
    filters: [
      filter.text('orderNo', 'approval.orderNo'),
      filter.text('phone', 'approval.phone'),
      filter.indiaDateRange('dateFrom', 'dateTo', 'approval.date'),
    ],
    columns: [
      column.link('orderNo', 'approval.orderNo', {
        to: (row: MachineRow) => machineDetailPath(row.orderNo, result === 'reject'),
        fixed: 'start' as const,
      }),
      column.masked('customerName', 'approval.customer'),
      column.masked('phone', 'approval.phone'),
      column.text('productName', 'approval.product'),
      column.status('customerType', 'approval.customerType', customerTypeTags),
      column.money('principalPaise', 'approval.amount', { sortable: true }),
      column.count('machineScore', 'approval.machineScore', { sortable: true }),
      column.count('rulesHit', 'approval.machine.rulesHit'),
      ...(result === 'reject'
        ? [column.text('firstRefusingRule', 'approval.machine.firstRefusingRule')]
        : []),
      column.text('ruleSetVersion', 'approval.machine.version', {
        template: 'approval.machine.versionValue',
      }),
      column.instant('decidedAt', 'approval.decidedAt', { sortable: true }),
      column.status('status', 'approval.status', orderStatusTags),
    ],
    rowActions: [
      action.link(
        'approval.view',
        (row: MachineRow) => machineDetailPath(row.orderNo, result === 'reject'),
        {
          needs: approvalApi.machineDetail,
        },
      ),
    ],
  });
}

export const MachinerReviewPassPage = listPage(
  approvalApi.machineList,
  machineDecisions('pass', 'machinerReviewPass'),
);
export const MachinerReviewRejectPage = listPage(
  approvalApi.machineList,
  machineDecisions('reject', 'machinerReviewReject'),
);
