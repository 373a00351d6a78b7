import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderDetailPanel, useOwnOrderNo } from '../../../components/order-detail';
import { ReviewFormCard } from '../components/review-form';

/** The hidden /approve/detail: the shared order detail and, beside it, the review form. */
export function ApprovalDetailPage() {
  const { t } = useTranslation();
  const orderNo = useOwnOrderNo();
  const title = t('route.approvalDetail');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ReviewFormCard orderNo={orderNo} />
      <Card
        title={<h1 className="page-heading">{orderNo ? `${title} ${orderNo}` : title}</h1>}
        variant="borderless"
      >
        <OrderDetailPanel orderNo={orderNo} />
      </Card>
    </Space>
  );
}
