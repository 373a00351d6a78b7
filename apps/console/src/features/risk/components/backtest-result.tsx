import { Alert, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RiskBacktestResult } from '@lending/contract';
import { formatIndiaDateTime } from '../../../lib/format';
import { percentOf } from '../risk-tags';

/** What a back-test found: decisions that change, and how the loans it would reject went. */
export function BacktestResult({ result }: { result: RiskBacktestResult }) {
  const { t } = useTranslation();
  const decision = (d: string) => t(`risk.decisions.${d}`);
  return (
    <>
      {result.current ? null : (
        <Alert
          type="warning"
          showIcon
          title={t('risk.config.stale')}
          style={{ marginBottom: 12 }}
        />
      )}
      <Descriptions size="small" column={1} bordered aria-label={t('risk.config.lastBacktest')}>
        <Descriptions.Item label={t('risk.config.lastBacktest')}>
          {`${formatIndiaDateTime(result.ranAt)} · ${t('risk.config.backtestDays')}: ${result.days}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.config.evaluated')}>{result.evaluated}</Descriptions.Item>
        <Descriptions.Item label={t('risk.config.changed')}>
          <strong data-testid="backtest-changed">{result.changed}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.config.transitions')}>
          {result.transitions.length === 0
            ? '—'
            : result.transitions.map((move) => (
                <Tag key={`${move.from}-${move.to}`}>
                  {t('risk.config.transition', {
                    from: decision(move.from),
                    to: decision(move.to),
                    count: move.count,
                  })}
                </Tag>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.config.decisionsPublished')}>
          {t('risk.config.decisionCounts', result.publishedDecisions)}
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.config.decisionsDraft')}>
          {t('risk.config.decisionCounts', result.draftDecisions)}
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.config.newlyRejected')}>
          {result.newlyRejectedLoans}
          {' · '}
          {t('risk.config.newlyRejectedOverdue', {
            fpd: percentOf(result.newlyRejectedFpdPpm),
            dpd7: percentOf(result.newlyRejectedDpd7Ppm),
            dpd30: percentOf(result.newlyRejectedDpd30Ppm),
          })}
        </Descriptions.Item>
        <Descriptions.Item
          label={t('risk.config.allLoansOverdue', {
            loans: result.allLoans,
            fpd: percentOf(result.allLoansFpdPpm),
          })}
        >
          {percentOf(result.allLoansFpdPpm)}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
