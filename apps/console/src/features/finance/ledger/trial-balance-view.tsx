import { Alert, DatePicker, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { financeApi } from '@lending/contract';
import { formatIndiaDate, formatPaise } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/use-endpoint';
import { TotalsBar } from '../../../components/totals-bar';
import { DATE_PATTERN, useViewParams } from './view-params';

interface AccountRow {
  account: string;
  debitPaise: number;
  creditPaise: number;
}

/** An account's name in the user's language, its ledger code where none is known. */
export function accountName(t: TFunction, account: string) {
  return t(`finance.ledger.accounts.${account.replace(':', '/')}`, { defaultValue: account });
}

/**
 * The trial balance as of the end of an India day: each account's debit or credit balance
 * over every journal up to that date, and the totals, which must be equal.
 */
export function TrialBalanceView() {
  const { t } = useTranslation();
  // Today is read once: a re-render must not move the default date.
  const [today] = useState(() => formatIndiaDate(Date.now()));
  const [{ date }, set] = useViewParams({ date: today }, DATE_PATTERN);
  const query = useEndpointQuery(financeApi.trialBalance, { date }, { keepPrevious: true });
  const answer = query.data;
  const difference = answer ? answer.totalDebitPaise - answer.totalCreditPaise : 0;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor="trial-balance-date">{t('finance.ledger.asOf')}</label>
        <DatePicker
          id="trial-balance-date"
          allowClear={false}
          value={dayjs(date)}
          onChange={(value) => value && set({ date: value.format('YYYY-MM-DD') })}
        />
        <Typography.Text type="secondary">{t('finance.ledger.source')}</Typography.Text>
      </Space>
      {query.isError ? (
        <Alert type="warning" showIcon title={query.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <TotalsBar
        title="finance.totals.range"
        items={[
          { label: 'finance.ledger.totalDebit', value: answer?.totalDebitPaise, money: true },
          { label: 'finance.ledger.totalCredit', value: answer?.totalCreditPaise, money: true },
        ]}
      />
      {answer ? (
        <Alert
          type={difference === 0 ? 'success' : 'error'}
          showIcon
          role={difference === 0 ? 'status' : 'alert'}
          title={
            difference === 0
              ? t('finance.ledger.balanced')
              : t('finance.ledger.unbalanced', { amount: formatPaise(Math.abs(difference)) })
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Table<AccountRow>
        size="small"
        rowKey="account"
        loading={query.isFetching}
        pagination={false}
        dataSource={answer?.accounts ?? []}
        locale={{ emptyText: t('finance.ledger.noAccounts') }}
        columns={[
          {
            title: t('finance.ledger.account'),
            dataIndex: 'account',
            render: (account: string) => accountName(t, account),
          },
          {
            title: t('finance.ledger.accountCode'),
            dataIndex: 'account',
            key: 'code',
            render: (account: string) => <Typography.Text code>{account}</Typography.Text>,
          },
          {
            title: t('finance.ledger.debit'),
            dataIndex: 'debitPaise',
            align: 'right',
            render: (value: number) => (value ? formatPaise(value) : ''),
          },
          {
            title: t('finance.ledger.credit'),
            dataIndex: 'creditPaise',
            align: 'right',
            render: (value: number) => (value ? formatPaise(value) : ''),
          },
        ]}
        summary={() =>
          answer ? (
            <Table.Summary.Row className="list-total-row">
              <Table.Summary.Cell index={0} colSpan={2}>
                <strong>{t('finance.ledger.total')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <strong>{formatPaise(answer.totalDebitPaise)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <strong>{formatPaise(answer.totalCreditPaise)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  );
}
