import { Card } from 'antd';
import { useContext, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { OrderDetailPanel } from '../../../components/order-detail';
import { PageScopeContext } from '../../../lib/page-state';

/**
 * The `orderNo` of this page's own address. A kept-alive page stays rendered (hidden) while
 * another tab is shown; it keeps the order it showed instead of reading the other page's query.
 */
export function useOwnOrderNo(): string {
  const scope = useContext(PageScopeContext);
  const location = useLocation();
  const own = !scope || location.pathname === scope;
  const current = new URLSearchParams(location.search).get('orderNo') ?? '';
  const [kept, setKept] = useState(current);
  if (own && kept !== current) setKept(current);
  return own ? current : kept;
}

/** A hidden detail route (spec §2) showing the order of `?orderNo=`, titled with its number. */
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
