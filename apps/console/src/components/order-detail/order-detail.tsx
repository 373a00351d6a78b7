import { Alert, Button, Card, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrderDetail, loanBookApi } from '@lending/contract';
import { RequestError } from '../../lib/request';
import { useEndpointQuery } from '../../lib/use-endpoint';
import { AmountsCard } from './cards/amounts-card';
import { AssetClassCard, isClassified } from './cards/asset-class-card';
import { CustomerCard } from './cards/customer-card';
import { PendingApprovalNotice } from './cards/pending-approval-notice';
import { SummaryCard } from './cards/summary-card';
import { TermsCard } from './cards/terms-card';
import { AuditTab } from './tabs/audit-tab';
import { HistoryTab } from './tabs/history-tab';
import { LedgerTab } from './tabs/ledger-tab';
import { PayoutsTab } from './tabs/payouts-tab';
import { RepaymentsTab } from './tabs/repayments-tab';
import { RequestsTab } from './tabs/requests-tab';
import { RolloversTab } from './tabs/rollovers-tab';
import { WaiversTab } from './tabs/waivers-tab';
import './order-detail.css';

/** History, money movements, ledger and audit, one tab each. */
function RecordsTabs({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  // Each label carries its count of records; the ledger's counts journals, not their lines.
  const tab = (key: string, count: number, children: ReactNode) => ({
    key,
    label: `${t(`orderDetail.sections.${key}`)} (${count})`,
    children,
  });
  const items = [
    tab('history', detail.statusHistory.length, <HistoryTab history={detail.statusHistory} />),
    tab('payouts', detail.payouts.length, <PayoutsTab payouts={detail.payouts} />),
    tab('repayments', detail.repayments.length, <RepaymentsTab repayments={detail.repayments} />),
    tab('rollovers', detail.rollovers.length, <RolloversTab rollovers={detail.rollovers} />),
    tab('waivers', detail.waivers.length, <WaiversTab waivers={detail.waivers} />),
    tab(
      'requests',
      detail.approvalRequests.length,
      <RequestsTab requests={detail.approvalRequests} />,
    ),
    tab('ledger', detail.journals.length, <LedgerTab journals={detail.journals} />),
    tab('audit', detail.auditTrail.length, <AuditTab auditTrail={detail.auditTrail} />),
  ];
  return (
    <Card size="small">
      <Tabs items={items} />
    </Card>
  );
}

/** One order's detail, laid out: the same sections wherever an order is shown in full. */
export function OrderDetailView({ detail, actions }: { detail: OrderDetail; actions?: ReactNode }) {
  return (
    <div className="order-detail">
      {actions ? <div className="order-detail-actions">{actions}</div> : null}
      {detail.pendingApproval ? <PendingApprovalNotice waiting={detail.pendingApproval} /> : null}
      <SummaryCard detail={detail} />
      <AmountsCard detail={detail} />
      {isClassified(detail) ? <AssetClassCard detail={detail} /> : null}
      <div className="order-detail-columns">
        <CustomerCard customer={detail.customer} />
        <TermsCard detail={detail} />
      </div>
      <RecordsTabs detail={detail} />
    </div>
  );
}

export interface OrderDetailPanelProps {
  /**
   * The order to show (an empty number says so: docs/product.md §5 'order number cannot be empty').
   */
  orderNo: string;
  /** The actions the screen offers on this order (each screen checks its own grants). */
  actions?: (detail: OrderDetail) => ReactNode;
}

/**
 * Loads one order by its number (`order.detail`) and shows it: loading, not found, failed with
 * Retry, or the detail. Approval, collection and repayment screens reuse it with their actions.
 */
export function OrderDetailPanel({ orderNo, actions }: OrderDetailPanelProps) {
  const { t } = useTranslation();
  const trimmed = orderNo.trim();
  const query = useEndpointQuery(
    loanBookApi.orderDetail,
    { orderNo: trimmed },
    { enabled: trimmed !== '', staleTime: 10_000 },
  );
  if (trimmed === '') return <Alert type="warning" showIcon title={t('orderDetail.noOrderNo')} />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    const notFound = query.error instanceof RequestError && query.error.code === 4004;
    return (
      <Alert
        type={notFound ? 'warning' : 'error'}
        showIcon
        title={
          notFound ? t('orderDetail.notFound', { orderNo: trimmed }) : t('orderDetail.loadFailed')
        }
        {...(notFound ? {} : { description: query.error.message })}
        action={
          notFound ? undefined : (
            <Button size="small" onClick={() => void query.refetch()}>
              {t('orderDetail.retry')}
            </Button>
          )
        }
      />
    );
  }
  return (
    <div className="order-detail-panel">
      <div className="order-detail-toolbar">
        <Button size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('orderDetail.refresh')}
        </Button>
      </div>
      <OrderDetailView detail={query.data} actions={actions?.(query.data)} />
    </div>
  );
}
