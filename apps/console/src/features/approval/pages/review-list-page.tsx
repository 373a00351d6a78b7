import { Card, Space, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DecisionRow, type ReviewerQualityRow, approvalApi } from '@lending/contract';
import { Chart } from '../../../components/chart/chart';
import { listPage } from '../../../components/list-page';
import { useGrants } from '../../../lib/grants';
import { formatPpmPercent } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { approvalDetailPath } from '../approval-paths';
import { decisionTags, stageTags } from '../approval-tags';
import { useReviewerFilterOptions } from '../use-approval-options';

/** Every decision: order, stage, reviewer, decision, code, minutes taken. */
const DecisionList = listPage(approvalApi.reviewDecisionList, ({ column, filter }) => ({
  route: 'reviewList',
  rowLabel: (row: DecisionRow) => row.orderNo,
  rowKey: (row: DecisionRow) => row.taskId,
  filters: [
    filter.text('orderNo', 'approval.orderNo'),
    filter.status('stage', 'approval.stage', stageTags),
    filter.status('decision', 'approval.decision', decisionTags),
    filter.select('reviewerId', 'approval.reviewer', useReviewerFilterOptions),
    filter.indiaDateRange('dateFrom', 'dateTo', 'approval.date'),
  ],
  columns: [
    column.link('orderNo', 'approval.orderNo', {
      to: (row) => approvalDetailPath(row.orderNo),
      fixed: 'start',
    }),
    column.status('stage', 'approval.stage', stageTags),
    column.text('reviewerName', 'approval.reviewer'),
    column.status('decision', 'approval.decision', decisionTags),
    column.text('rejectionCode', 'approval.rejectionCode'),
    column.ellipsis('remarks', 'approval.remarks'),
    column.money('approvedPrincipalPaise', 'approval.reviewList.approvedAmount'),
    column.count('minutes', 'approval.reviewList.minutes'),
    column.instant('decidedAt', 'approval.decidedAt', { sortable: true }),
  ],
}));

const rate = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part * 1_000_000) / whole);

/** Reviewer quality: work done and how the loans each reviewer passed went later. */
function ReviewerQuality() {
  const { t } = useTranslation();
  const { can } = useGrants();
  const query = useEndpointQuery(
    approvalApi.reviewerQuality,
    {},
    { enabled: can(approvalApi.reviewerQuality) },
  );
  const option = useMemo(() => {
    const rows = query.data?.list ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      xAxis: { type: 'category', data: rows.map((r) => r.reviewerName) },
      yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      series: [
        {
          name: t('approval.reviewers.passRate'),
          type: 'bar',
          data: rows.map((r) => (r.passRatePpm ?? 0) / 10_000),
        },
        {
          name: t('approval.reviewList.fpdRate'),
          type: 'bar',
          data: rows.map((r) => rate(r.firstPaymentDefault, r.loans) / 10_000),
        },
      ],
    };
  }, [query.data, t]);
  const rows = query.data?.list ?? [];
  if (!can(approvalApi.reviewerQuality)) return null;
  const q = (key: string) => t(`approval.reviewList.${key}`);
  return (
    <Card title={q('quality')} variant="borderless" loading={query.isLoading}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {rows.length > 0 ? <Chart option={option} label={q('qualityChart')} height={280} /> : null}
        <Table<ReviewerQualityRow>
          size="small"
          rowKey="reviewerId"
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: q('none') }}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'name', title: t('approval.reviewer'), dataIndex: 'reviewerName' },
            { key: 'assigned', title: q('assigned'), dataIndex: 'assigned', align: 'end' },
            { key: 'decided', title: q('decided'), dataIndex: 'decided', align: 'end' },
            {
              key: 'passRate',
              title: t('approval.reviewers.passRate'),
              align: 'end',
              render: (_, r) => (r.passRatePpm === null ? '—' : formatPpmPercent(r.passRatePpm)),
            },
            {
              key: 'median',
              title: q('medianMinutes'),
              align: 'end',
              render: (_, r) => r.medianMinutes ?? '—',
            },
            { key: 'loans', title: q('loans'), dataIndex: 'loans', align: 'end' },
            {
              key: 'fpd',
              title: q('fpd'),
              align: 'end',
              render: (_, r) =>
                `${r.firstPaymentDefault} (${formatPpmPercent(rate(r.firstPaymentDefault, r.loans))})`,
            },
            { key: 'overdue7', title: q('overdue7'), dataIndex: 'overdue7', align: 'end' },
            { key: 'overdue30', title: q('overdue30'), dataIndex: 'overdue30', align: 'end' },
          ]}
        />
      </Space>
    </Card>
  );
}

/** /approve/reviewList: every decision, and the reviewer-quality view beneath. */
export function ReviewListPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <DecisionList />
      <ReviewerQuality />
    </Space>
  );
}
