import { Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { walletApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { formatIndiaDateTime, formatPaise } from '../../../lib/format';
import { useGrants } from '../../../lib/grants';
import { useEndpointQuery } from '../../../lib/use-endpoint';

/**
 * Every wallet: what each borrower holds and has in withdrawal; the rewards earned, clawed
 * back and, of those clawed back, not recovered (written off; decision 0063); and what was paid.
 */
const WalletBalanceList = listPage(walletApi.listWalletBalances, ({ column, filter }) => ({
  route: 'balanceQuery',
  rowKey: (row) => row.customerId,
  rowLabel: (row) => row.inviteCode,
  filters: [filter.text('phone', 'wallet.phone'), filter.text('inviteCode', 'wallet.inviteCode')],
  columns: [
    column.masked('customerName', 'wallet.customer'),
    column.masked('customerPhone', 'wallet.phone'),
    column.text('inviteCode', 'wallet.inviteCode'),
    column.money('balancePaise', 'wallet.balance', { sortable: true }),
    column.money('heldPaise', 'wallet.held'),
    column.money('earnedPaise', 'wallet.rewardsEarned'),
    column.money('clawedBackPaise', 'wallet.rewardsClawedBack'),
    column.money('unrecoveredPaise', 'wallet.unrecovered'),
    column.money('paidOutPaise', 'wallet.paidOut'),
    column.instant('updatedAt', 'wallet.updatedAt', { sortable: true }),
  ],
}));

/** The payout account as the gateway reports it now, against what the wallets are owed. */
function BalanceSummary() {
  const { t } = useTranslation();
  const summary = useEndpointQuery(walletApi.walletBalanceSummary, {});
  const data = summary.data;
  return (
    <Card
      title={t('wallet.summary.title')}
      extra={
        <Button onClick={() => void summary.refetch()} loading={summary.isFetching}>
          {t('wallet.summary.refresh')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    >
      {!data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <>
          <Row gutter={[24, 16]}>
            <Col xs={24} sm={12} lg={6}>
              <Statistic
                title={t('wallet.summary.gatewayBalance', { provider: data.provider })}
                value={
                  data.gatewayBalancePaise === null
                    ? t('wallet.summary.noAnswer')
                    : formatPaise(data.gatewayBalancePaise)
                }
              />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Statistic
                title={t('wallet.summary.liability', { count: data.wallets })}
                value={formatPaise(data.walletLiabilityPaise)}
              />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Statistic title={t('wallet.held')} value={formatPaise(data.heldPaise)} />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Statistic
                title={t('wallet.summary.paidOut')}
                value={formatPaise(data.paidOutTotalPaise)}
              />
            </Col>
          </Row>
          <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} sm={12} lg={6}>
              <Statistic
                title={t('wallet.rewardsEarned')}
                value={formatPaise(data.earnedTotalPaise)}
              />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Statistic
                title={t('wallet.rewardsClawedBack')}
                value={formatPaise(data.clawedBackTotalPaise)}
              />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Statistic
                title={t('wallet.unrecovered')}
                value={formatPaise(data.unrecoveredTotalPaise)}
              />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Statistic
                title={t('wallet.summary.rewardsKept')}
                value={formatPaise(data.earnedTotalPaise - data.clawedBackTotalPaise)}
              />
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('wallet.summary.rewardsHint')}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
            {t('wallet.summary.checkedAt', { at: formatIndiaDateTime(data.checkedAt) })}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}

/**
 * /toolMage/balanceQuery (decision 0043): the payout account's balance, asked of the gateway
 * at each opening or refresh, beside the wallets' total liability (what borrowers may still
 * withdraw); then each wallet.
 */
export function BalanceQueryPage() {
  const canSummary = useGrants().can(walletApi.walletBalanceSummary);
  return (
    <>
      {canSummary ? <BalanceSummary /> : null}
      <WalletBalanceList />
    </>
  );
}
