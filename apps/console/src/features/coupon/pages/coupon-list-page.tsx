import { couponApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { CouponFormDialog } from '../components/coupon-form-dialog';
import { couponStatusTags, couponTargetTags, reductionText } from '../coupon-tags';

/**
 * /coupon/list: coupon templates (docs/product.md §3 fields, §4 available / unavailable). A
 * coupon never sent can be edited or deleted (after a confirmation); one sent is only made
 * unavailable, so what borrowers hold keeps the terms it was sent with.
 */
export const CouponListPage = listPage(couponApi.listCoupons, ({ column, filter, action }) => ({
  route: 'couponList',
  rowLabel: (row) => row.title,
  filters: [
    filter.text('title', 'coupon.title'),
    filter.status('status', 'coupon.status', couponStatusTags),
    filter.status('target', 'coupon.target', couponTargetTags),
  ],
  columns: [
    column.text('title', 'coupon.title', { fixed: 'start' }),
    column.status('target', 'coupon.target', couponTargetTags),
    column.render('amountPaise', 'coupon.reduction', (row, t) => reductionText(row, t)),
    column.money('thresholdPaise', 'coupon.threshold'),
    column.count('totalNumber', 'coupon.totalNumber'),
    column.count('remainingNumber', 'coupon.remainingNumber'),
    column.count('usedNumber', 'coupon.usedNumber'),
    column.days('validDays', 'coupon.validDays'),
    column.indiaDate('expiresOn', 'coupon.expiresOn', { sortable: true }),
    column.status('status', 'coupon.status', couponStatusTags),
    column.instant('createdAt', 'coupon.createdAt', { sortable: true, hiddenByDefault: true }),
  ],
  toolbar: [action.form('coupon.add', CouponFormDialog, { needs: couponApi.saveCoupon })],
  rowActions: [
    action.form('coupon.edit', CouponFormDialog, {
      needs: couponApi.saveCoupon,
      disabled: (row) => (row.sentNumber > 0 ? 'coupon.sentCannotEdit' : false),
    }),
    action.call(couponApi.setCouponStatus, {
      label: (row) => (row.status === 'available' ? 'coupon.disable' : 'coupon.enable'),
      body: (row) => ({
        id: row.id,
        status: row.status === 'available' ? ('unavailable' as const) : ('available' as const),
      }),
      success: 'messages.saveSuccess',
      invalidates: [],
    }),
    action.call(couponApi.deleteCoupon, {
      label: 'coupon.delete',
      body: (row) => ({ id: row.id }),
      confirm: 'coupon.deleteConfirm',
      success: 'messages.deleteSuccess',
      invalidates: [],
      danger: true,
      disabled: (row) => (row.sentNumber > 0 ? 'coupon.sentCannotDelete' : false),
    }),
  ],
}));
