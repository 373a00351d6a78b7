import { couponApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { sentStateTags } from '../coupon-tags';

/**
 * /coupon/couponSendingRecord: every coupon sent, to whom (masked), by whom, and
 * whether it was used (on which loan, for how much) or expired unused.
 */
export const CouponSendingRecordPage = listPage(
  couponApi.listSentCoupons,
  ({ column, filter }) => ({
    route: 'couponSendingRecord',
    rowLabel: (row) => `${row.couponTitle} #${row.id}`,
    filters: [
      filter.text('phone', 'coupon.phone'),
      filter.status('state', 'coupon.state', sentStateTags),
      filter.indiaDateRange('sentFrom', 'sentTo', 'coupon.sentRange'),
    ],
    columns: [
      column.text('couponTitle', 'coupon.title', { fixed: 'start' }),
      column.count('batchId', 'coupon.batch', { hiddenByDefault: true }),
      column.masked('customerName', 'coupon.customer'),
      column.masked('customerPhone', 'coupon.phone'),
      column.instant('sentAt', 'coupon.sentAt', { sortable: true }),
      column.render('sentBy', 'coupon.sentBy', (row, t) => row.sentBy ?? t('coupon.system')),
      column.indiaDate('expiresOn', 'coupon.usableThrough'),
      column.status('state', 'coupon.state', sentStateTags),
      column.instant('usedAt', 'coupon.usedAt'),
      column.text('orderNo', 'coupon.orderNo'),
      column.money('reducedPaise', 'coupon.reduced'),
    ],
  }),
);
