import type { DashboardFigures } from '@lending/contract';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPaise } from '../../../lib/format';

type CountKey = 'registrations' | 'applications' | 'approvals';
type AmountKey = 'disbursals' | 'repayments' | 'due' | 'overdue';

const COUNTS: CountKey[] = ['registrations', 'applications', 'approvals'];
const AMOUNTS: AmountKey[] = ['disbursals', 'repayments', 'due', 'overdue'];

function Figure({ label, value, amount }: { label: string; value: number; amount?: string }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <section aria-label={label}>
        <Typography.Text type="secondary">{label}</Typography.Text>
        <div className="dashboard-figure-value" data-figure="count">
          {value.toLocaleString('en-IN')}
        </div>
        {amount !== undefined ? (
          <div className="dashboard-figure-amount" data-figure="amount">
            {amount}
          </div>
        ) : null}
      </section>
    </Card>
  );
}

/** The range's totals: counts, and for money figures the amount in ₹ (Indian grouping). */
export function FigureCards({ totals }: { totals: DashboardFigures }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      {COUNTS.map((key) => (
        <Col key={key} xs={12} md={8} xl={6} xxl={3}>
          <Figure label={t(`dashboard.${key}`)} value={totals[key]} />
        </Col>
      ))}
      {AMOUNTS.map((key) => (
        <Col key={key} xs={12} md={8} xl={6} xxl={3}>
          <Figure
            label={t(`dashboard.${key}`)}
            value={totals[key].count}
            amount={formatPaise(totals[key].amountPaise)}
          />
        </Col>
      ))}
    </Row>
  );
}
