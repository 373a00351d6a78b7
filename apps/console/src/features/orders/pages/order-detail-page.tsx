import { Card } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderDetailPanel, useOwnOrderNo } from '../../../components/order-detail';

/**
 * A hidden detail route (docs/product.md §2) showing the order of `?orderNo=`, titled with its
 * number.
 */
function orderDetailPage(route: string): ComponentType {
  function OrderDetailPage() {
    const { t } = useTranslation();
    const orderNo = useOwnOrderNo();
    const title = t(`route.${route}`);
    return (
      <Card
        title={<h1 className="page-heading">{orderNo ? `${title} ${orderNo}` : title}</h1>}
        variant="borderless"
      >
        <OrderDetailPanel orderNo={orderNo} />
      </Card>
    );
  }
  OrderDetailPage.displayName = `OrderDetailPage(${route})`;
  return OrderDetailPage;
}

/** /loan/loanDetail: the order team's and finance's view of one order. */
export const LoanDetailPage = orderDetailPage('loanDetail');
/** /repay/overdueRepaymentDetail: the same order detail, reached from overdue repayments. */
export const OverdueRepaymentDetailPage = orderDetailPage('overdueRepaymentDetail');
