import { Alert, Button, Card, Descriptions, Skeleton, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrderDetail, loanBookApi } from '@lending/contract';
import { formatIndiaDateTime, formatPaise, formatPpmPercent } from '../../lib/format';
import { RequestError } from '../../lib/request';
import { useEndpointQuery } from '../../lib/use-endpoint';
import { Revealable } from '../unmask/unmask';
import { orderStatusTags } from './order-status';
import './order-detail.css';

const COMPONENTS = ['principal', 'interest', 'fee', 'gst', 'penal'] as const;
type Amounts = OrderDetail['outstanding'];
const EMPTY = '—';

function Money({ paise }: { paise: number }) {
  return <span className="order-money">{formatPaise(paise)}</span>;
}

function Masked({ value }: { value: string }) {
  return <span className="list-masked">{value || EMPTY}</span>;
}

function StatusTag({ status }: { status: OrderDetail['status'] }) {
  const { t } = useTranslation();
  const tag = orderStatusTags[status];
  return <Tag color={tag.color}>{t(tag.label)}</Tag>;
}

function totalOf(amounts: Amounts): number {
  return COMPONENTS.reduce((sum, c) => sum + amounts[c], 0);
}

function ifPresent<T>(value: T | null | undefined, show: (value: T) => ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? EMPTY : show(value);
}

/** The order's own facts: status, money at disbursal, dates, review. */
function SummaryCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`orderDetail.fields.${key}`);
  return (
    <Card title={t('orderDetail.sections.summary')} size="small">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('order.orderNo')}>{detail.orderNo}</Descriptions.Item>
        <Descriptions.Item label={t('order.status')}>
          <StatusTag status={detail.status} />
        </Descriptions.Item>
        <Descriptions.Item label={f('closureType')}>
          {ifPresent(detail.closureType, (type) => t(`order.closureTypes.${type}`))}
        </Descriptions.Item>
        <Descriptions.Item label={t('order.product')}>
          {`${detail.productName} (${t(`order.kinds.${detail.productKind}`)}, v${detail.productVersion})`}
        </Descriptions.Item>
        <Descriptions.Item label={f('principal')}>
          <Money paise={detail.principalPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={t('order.period')}>
          {t('listPage.days', { count: detail.tenorDays })}
        </Descriptions.Item>
        <Descriptions.Item label={f('processingFee')}>
          <Money paise={detail.processingFeePaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('gstOnFee')}>
          <Money paise={detail.gstOnFeePaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('netDisbursed')}>
          <Money paise={detail.netDisbursedPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('dueAmount')}>
          <Money paise={detail.dueAmountPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('apr')}>{`${detail.aprPercent}%`}</Descriptions.Item>
        <Descriptions.Item label={t('order.appliedAt')}>
          {formatIndiaDateTime(detail.appliedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('order.disbursalDate')}>
          {detail.disbursalDate ?? EMPTY}
        </Descriptions.Item>
        <Descriptions.Item label={t('order.dueDate')}>{detail.dueDate ?? EMPTY}</Descriptions.Item>
        <Descriptions.Item label={f('clearedDate')}>
          {detail.clearedDate ?? EMPTY}
        </Descriptions.Item>
        <Descriptions.Item label={t('order.overdueDays')}>
          {t('listPage.days', { count: detail.overdueDays })}
        </Descriptions.Item>
        <Descriptions.Item label={f('overdueBand')}>
          {detail.overdueBand ?? EMPTY}
        </Descriptions.Item>
        <Descriptions.Item label={f('rbiClass')}>{detail.rbiClass ?? EMPTY}</Descriptions.Item>
        <Descriptions.Item label={f('rolloverCount')}>{detail.rolloverCount}</Descriptions.Item>
        <Descriptions.Item label={f('overpaid')}>
          <Money paise={detail.overpaidPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('machineResult')}>
          {detail.machineResult
            ? `${f(`machineResults.${detail.machineResult}`)}${detail.machineScore === null ? '' : ` (${detail.machineScore})`}`
            : EMPTY}
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.decidedByVersion')}>
          {detail.ruleSetVersion === null
            ? EMPTY
            : t('risk.versionOf', { value: detail.ruleSetVersion })}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The borrower as staff may see them: personal data masked by the server. */
function CustomerCard({ customer }: { customer: OrderDetail['customer'] }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`orderDetail.fields.${key}`);
  return (
    <Card title={t('orderDetail.sections.customer')} size="small">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('order.customerName')}>
          <Revealable
            value={customer.name}
            customerId={customer.id}
            field="name"
            label={t('order.customerName')}
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('order.phone')}>
          <Revealable
            value={customer.phone}
            customerId={customer.id}
            field="phone"
            label={t('order.phone')}
          />
        </Descriptions.Item>
        <Descriptions.Item label={f('idNumber')}>
          {customer.idType === 'pan' ? (
            <Revealable
              value={customer.idNumber}
              customerId={customer.id}
              field="pan"
              label={f('idNumber')}
            />
          ) : (
            // Aadhaar: only its last 4 digits are ever kept; there is nothing more to show.
            <Masked value={customer.idNumber} />
          )}
          {` (${t(`orderDetail.fields.idTypes.${customer.idType}`)})`}
        </Descriptions.Item>
        <Descriptions.Item label={f('customerType')}>
          {t(`orderDetail.fields.customerTypes.${customer.customerType}`)}
        </Descriptions.Item>
        <Descriptions.Item label={f('channel')}>{customer.channel || EMPTY}</Descriptions.Item>
        <Descriptions.Item label={f('registrationDate')}>
          {customer.registrationDate}
        </Descriptions.Item>
        <Descriptions.Item label={f('bank')}>
          {customer.bankName || EMPTY}{' '}
          <Revealable
            value={customer.bankAccount}
            customerId={customer.id}
            field="bankAccount"
            label={f('bank')}
          />
        </Descriptions.Item>
        <Descriptions.Item label={f('ifsc')}>{customer.ifsc || EMPTY}</Descriptions.Item>
        <Descriptions.Item label={f('bankVerified')}>
          {customer.bankAccountVerified ? (
            <Tag color="green">{f('verified')}</Tag>
          ) : (
            <Tag>{f('notVerified')}</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function penalText(paise: number | null, ppm: number | null): string {
  if (paise !== null) return formatPaise(paise);
  if (ppm !== null) return formatPpmPercent(ppm);
  return EMPTY;
}

/** The product terms the order was made with, and the key fact statement the borrower accepted. */
function TermsCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`orderDetail.fields.${key}`);
  const { terms, keyFacts } = detail;
  const days = (count: number) => t('listPage.days', { count });
  return (
    <Card title={t('orderDetail.sections.terms')} size="small">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={f('tenorDays')}>{days(terms.tenorDays)}</Descriptions.Item>
        <Descriptions.Item label={f('processingFee')}>
          {formatPpmPercent(terms.processingFeePpm)}
        </Descriptions.Item>
        <Descriptions.Item label={t('orderDetail.components.gst')}>
          {formatPpmPercent(terms.gstPpm)}
        </Descriptions.Item>
        <Descriptions.Item label={f('interestPerDay')}>
          {formatPpmPercent(terms.interestPerDayPpm)}
        </Descriptions.Item>
        <Descriptions.Item label={f('penalPerDay')}>
          {penalText(terms.penalPerDayPaise, terms.penalPerDayPpm)}
        </Descriptions.Item>
        <Descriptions.Item label={f('penalCap')}>
          {formatPpmPercent(terms.penalCapPpm)}
        </Descriptions.Item>
        <Descriptions.Item label={f('rolloverFee')}>
          {formatPpmPercent(terms.rolloverFeePpm)}
        </Descriptions.Item>
        <Descriptions.Item label={f('rolloverDays')}>{days(terms.rolloverDays)}</Descriptions.Item>
        <Descriptions.Item label={f('maxRollovers')}>{terms.maxRollovers}</Descriptions.Item>
        <Descriptions.Item label={f('allowOverdueRollover')}>
          {f(terms.allowOverdueRollover ? 'yes' : 'no')}
        </Descriptions.Item>
        <Descriptions.Item label={f('allocationOrder')}>
          {terms.allocationOrder
            .map((part) => t(`orderDetail.components.${part}`, { defaultValue: part }))
            .join(' → ')}
        </Descriptions.Item>
      </Descriptions>
      <h3 className="order-detail-subheading">{t('orderDetail.sections.keyFacts')}</h3>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={f('principal')}>
          <Money paise={keyFacts.principalPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('netDisbursed')}>
          <Money paise={keyFacts.netDisbursedPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('totalInterest')}>
          <Money paise={keyFacts.totalInterestPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('dueAmount')}>
          <Money paise={keyFacts.dueAmountPaise} />
        </Descriptions.Item>
        <Descriptions.Item label={f('apr')}>{`${keyFacts.aprPercent}%`}</Descriptions.Item>
        <Descriptions.Item label={f('coolingOffDays')}>
          {days(keyFacts.coolingOffDays)}
        </Descriptions.Item>
        <Descriptions.Item label={f('acceptedAt')}>
          {`${formatIndiaDateTime(keyFacts.acceptedAt)} (${keyFacts.channel})`}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

interface AmountRow {
  key: string;
  label: string;
  amounts: Amounts;
  strong?: boolean;
}

/** Due, paid, waived, written off and outstanding per component, and what clears it today. */
function AmountsCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const rows: AmountRow[] = (['charged', 'paid', 'waived', 'writtenOff', 'outstanding'] as const)
    .filter((row) => row !== 'writtenOff' || totalOf(detail.amounts.writtenOff) > 0)
    .map((row) => ({
      key: row,
      label: t(`orderDetail.amountRows.${row}`),
      amounts: detail.amounts[row],
      strong: row === 'outstanding',
    }));
  const clearing = detail.clearingToday;
  if (clearing) {
    rows.push({
      key: 'clearing',
      label: t('orderDetail.clearingToday', { date: clearing.date }),
      amounts: clearing.components,
      strong: true,
    });
  }
  const columns: ColumnsType<AmountRow> = [
    {
      key: 'label',
      title: t('orderDetail.amountPart'),
      render: (_, row) => (row.strong ? <strong>{row.label}</strong> : row.label),
    },
    ...COMPONENTS.map((component) => ({
      key: component,
      title: t(`orderDetail.components.${component}`),
      align: 'end' as const,
      render: (_: unknown, row: AmountRow) => <Money paise={row.amounts[component]} />,
    })),
    {
      key: 'total',
      title: t('orderDetail.components.total'),
      align: 'end' as const,
      render: (_, row) => (
        <strong>
          <Money paise={totalOf(row.amounts)} />
        </strong>
      ),
    },
  ];
  return (
    <Card title={t('orderDetail.sections.amounts')} size="small">
      <Table<AmountRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <p className="order-detail-note">
        {clearing
          ? clearing.overdueDays > 0
            ? t('orderDetail.clearingOverdue', { count: clearing.overdueDays })
            : null
          : t('orderDetail.noClearing')}
      </p>
    </Card>
  );
}

function parts(t: TFunction, amounts: Amounts): string {
  return COMPONENTS.filter((c) => amounts[c] !== 0)
    .map((c) => `${t(`orderDetail.components.${c}`)} ${formatPaise(amounts[c])}`)
    .join(', ');
}

function listTable<Row extends object>(
  rows: readonly Row[],
  columns: ColumnsType<Row>,
  rowKey: (row: Row) => string | number,
  emptyText: string,
  layout: 'scroll' | 'fit' = 'scroll',
) {
  return (
    <Table<Row>
      size="small"
      rowKey={rowKey}
      columns={columns}
      dataSource={[...rows]}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      // 'fit': the card's width, long texts wrap (columns of sentences); 'scroll': as wide as
      // the contents, scrolling sideways (columns of figures that must not wrap).
      {...(layout === 'fit'
        ? { tableLayout: 'fixed' as const, className: 'order-detail-fit-table' }
        : { scroll: { x: 'max-content' } })}
      locale={{ emptyText }}
    />
  );
}

/** History, money movements, ledger and audit, one tab each. */
function RecordsTabs({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const none = t('orderDetail.none');
  const status = (value: OrderDetail['status'] | null) =>
    value ? <StatusTag status={value} /> : EMPTY;
  const money = (paise: number) => <Money paise={paise} />;
  const tab = (key: string, count: number, children: ReactNode) => ({
    key,
    label: `${t(`orderDetail.sections.${key}`)} (${count})`,
    children,
  });

  type History = OrderDetail['statusHistory'][number];
  type Payout = OrderDetail['payouts'][number];
  type Repayment = OrderDetail['repayments'][number];
  type Rollover = OrderDetail['rollovers'][number];
  type Waiver = OrderDetail['waivers'][number];
  type ApprovalRequest = OrderDetail['approvalRequests'][number];
  type Audit = OrderDetail['auditTrail'][number];
  interface LedgerLine {
    key: string;
    journalId: number;
    event: string;
    reverses: string | null;
    businessDate: string;
    account: string;
    component: string | null;
    amountPaise: number;
  }
  const ledger: LedgerLine[] = detail.journals.flatMap((journal) =>
    journal.lines.map((line, index) => ({
      key: `${journal.id}-${index}`,
      journalId: journal.id,
      event: journal.eventType,
      reverses: journal.reversesEventType,
      businessDate: journal.businessDate,
      account: line.account,
      component: line.component,
      amountPaise: line.amountPaise,
    })),
  );

  const items = [
    tab(
      'history',
      detail.statusHistory.length,
      listTable<History>(
        detail.statusHistory,
        [
          {
            key: 'at',
            title: t('orderDetail.history.at'),
            render: (_, h) => formatIndiaDateTime(h.at),
          },
          { key: 'from', title: t('orderDetail.history.from'), render: (_, h) => status(h.from) },
          { key: 'to', title: t('orderDetail.history.to'), render: (_, h) => status(h.to) },
          { key: 'event', title: t('orderDetail.history.event'), dataIndex: 'event' },
          {
            key: 'by',
            title: t('orderDetail.history.by'),
            render: (_, h) =>
              h.actorId === null ? t('orderDetail.system') : (h.actorName ?? `#${h.actorId}`),
          },
          {
            key: 'reason',
            title: t('orderDetail.history.reason'),
            render: (_, h) => h.reason ?? EMPTY,
          },
        ],
        (h) => `${h.at}-${h.to}-${h.event}`,
        none,
      ),
    ),
    tab(
      'payouts',
      detail.payouts.length,
      listTable<Payout>(
        detail.payouts,
        [
          { key: 'attempt', title: t('orderDetail.payouts.attempt'), dataIndex: 'attempt' },
          {
            key: 'purpose',
            title: t('orderDetail.payouts.purpose'),
            render: (_, p) =>
              t(`orderDetail.payouts.purposes.${p.purpose}`, { defaultValue: p.purpose }),
          },
          {
            key: 'status',
            title: t('orderDetail.payouts.status'),
            render: (_, p) => (
              <Tag
                color={
                  p.status === 'processed' ? 'green' : p.status === 'failed' ? 'red' : undefined
                }
              >
                {t(`orderDetail.payouts.statuses.${p.status}`, { defaultValue: p.status })}
              </Tag>
            ),
          },
          {
            key: 'amount',
            title: t('orderDetail.payouts.amount'),
            align: 'end',
            render: (_, p) => money(p.amountPaise),
          },
          { key: 'channel', title: t('orderDetail.payouts.channel'), dataIndex: 'channel' },
          { key: 'utr', title: t('orderDetail.payouts.utr'), render: (_, p) => p.utr ?? EMPTY },
          { key: 'failCount', title: t('orderDetail.payouts.failCount'), dataIndex: 'failCount' },
          {
            key: 'error',
            title: t('orderDetail.payouts.error'),
            render: (_, p) => p.errorMessage ?? EMPTY,
          },
          {
            key: 'createdAt',
            title: t('orderDetail.payouts.createdAt'),
            render: (_, p) => formatIndiaDateTime(p.createdAt),
          },
          {
            key: 'processedDate',
            title: t('orderDetail.payouts.processedDate'),
            render: (_, p) => p.processedDate ?? EMPTY,
          },
        ],
        (p) => p.id,
        none,
      ),
    ),
    tab(
      'repayments',
      detail.repayments.length,
      listTable<Repayment>(
        detail.repayments,
        [
          { key: 'serialNo', title: t('orderDetail.repayments.serialNo'), dataIndex: 'serialNo' },
          {
            key: 'type',
            title: t('orderDetail.repayments.type'),
            render: (_, r) => t(`orderDetail.repayments.types.${r.type}`, { defaultValue: r.type }),
          },
          { key: 'channel', title: t('orderDetail.repayments.channel'), dataIndex: 'channel' },
          {
            key: 'va',
            title: t('orderDetail.repayments.virtualAccount'),
            render: (_, r) => r.virtualAccountCode ?? EMPTY,
          },
          {
            key: 'amount',
            title: t('orderDetail.repayments.amount'),
            align: 'end',
            render: (_, r) => money(r.amountPaise),
          },
          {
            key: 'allocated',
            title: t('orderDetail.repayments.allocated'),
            render: (_, r) => parts(t, r.allocated) || EMPTY,
          },
          {
            key: 'excess',
            title: t('orderDetail.repayments.excess'),
            align: 'end',
            render: (_, r) => money(r.excessPaise),
          },
          { key: 'date', title: t('orderDetail.repayments.valueDate'), dataIndex: 'valueDate' },
          {
            key: 'receivedAt',
            title: t('orderDetail.repayments.receivedAt'),
            render: (_, r) => formatIndiaDateTime(r.receivedAt),
          },
          {
            key: 'state',
            title: t('orderDetail.repayments.state'),
            render: (_, r) =>
              r.reversed ? (
                <Tag color="red">
                  {t('orderDetail.repayments.reversed', {
                    at: r.reversedAt ? formatIndiaDateTime(r.reversedAt) : '',
                    reason: r.reversalReason ?? '',
                  })}
                </Tag>
              ) : (
                <Tag color="green">{t('orderDetail.repayments.posted')}</Tag>
              ),
          },
        ],
        (r) => r.id,
        none,
      ),
    ),
    tab(
      'rollovers',
      detail.rollovers.length,
      listTable<Rollover>(
        detail.rollovers,
        [
          { key: 'number', title: t('orderDetail.rollovers.number'), dataIndex: 'rolloverNumber' },
          { key: 'from', title: t('orderDetail.rollovers.from'), dataIndex: 'fromDueDate' },
          { key: 'to', title: t('orderDetail.rollovers.to'), dataIndex: 'toDueDate' },
          {
            key: 'fee',
            title: t('orderDetail.rollovers.fee'),
            align: 'end',
            render: (_, r) => money(r.feePaise),
          },
          {
            key: 'gst',
            title: t('orderDetail.rollovers.gst'),
            align: 'end',
            render: (_, r) => money(r.gstPaise),
          },
          {
            key: 'interest',
            title: t('orderDetail.rollovers.interest'),
            align: 'end',
            render: (_, r) => money(r.interestPaise),
          },
          {
            key: 'penal',
            title: t('orderDetail.rollovers.penal'),
            align: 'end',
            render: (_, r) => money(r.penalPaise),
          },
          {
            key: 'total',
            title: t('orderDetail.rollovers.total'),
            align: 'end',
            render: (_, r) => money(r.totalPaise),
          },
          { key: 'date', title: t('orderDetail.rollovers.date'), dataIndex: 'businessDate' },
        ],
        (r) => r.rolloverNumber,
        none,
      ),
    ),
    tab(
      'waivers',
      detail.waivers.length,
      listTable<Waiver>(
        detail.waivers,
        [
          {
            key: 'kind',
            title: t('orderDetail.waivers.kind'),
            render: (_, w) => t(`orderDetail.waivers.kinds.${w.kind}`),
          },
          {
            key: 'amount',
            title: t('orderDetail.waivers.amount'),
            align: 'end',
            render: (_, w) => money(w.totalPaise),
          },
          {
            key: 'parts',
            title: t('orderDetail.waivers.parts'),
            render: (_, w) => parts(t, w.amounts) || EMPTY,
          },
          { key: 'date', title: t('orderDetail.waivers.date'), dataIndex: 'businessDate' },
          { key: 'by', title: t('orderDetail.waivers.by'), render: (_, w) => w.actorName ?? EMPTY },
          {
            key: 'reason',
            title: t('orderDetail.waivers.reason'),
            render: (_, w) => w.reason ?? EMPTY,
          },
        ],
        (w) => w.journalId,
        none,
      ),
    ),
    tab(
      'requests',
      detail.approvalRequests.length,
      listTable<ApprovalRequest>(
        detail.approvalRequests,
        [
          {
            key: 'kind',
            title: t('orderDetail.waivers.kind'),
            width: 110,
            render: (_, r) => t(`orderDetail.waivers.kinds.${r.kind}`),
          },
          {
            key: 'amount',
            title: t('orderDetail.pendingApproval.amount'),
            align: 'end',
            width: 130,
            render: (_, r) => money(r.amountPaise),
          },
          {
            key: 'status',
            title: t('orderDetail.requests.status'),
            width: 130,
            render: (_, r) => (
              <Tag color={REQUEST_STATUS_COLOR[r.status]}>
                {t(`orderDetail.requests.statuses.${r.status}`)}
              </Tag>
            ),
          },
          { key: 'reason', title: t('orderDetail.pendingApproval.reason'), dataIndex: 'reason' },
          {
            key: 'asked',
            title: t('orderDetail.pendingApproval.askedBy'),
            width: 190,
            render: (_, r) => `${r.requestedBy} · ${formatIndiaDateTime(r.requestedAt)}`,
          },
          {
            key: 'outcome',
            title: t('orderDetail.requests.outcome'),
            render: (_, r) => <RequestOutcome request={r} />,
          },
        ],
        (r) => r.id,
        none,
        // The reason and the outcome share what is left and wrap: no sideways scroll at 1366px.
        'fit',
      ),
    ),
    tab(
      'ledger',
      detail.journals.length,
      listTable<LedgerLine>(
        ledger,
        [
          {
            key: 'journal',
            title: t('orderDetail.ledger.journal'),
            render: (_, l) => `#${l.journalId}`,
          },
          {
            key: 'event',
            title: t('orderDetail.ledger.event'),
            render: (_, l) =>
              l.reverses
                ? `${l.event} (${t('orderDetail.ledger.reverses', { event: l.reverses })})`
                : l.event,
          },
          { key: 'date', title: t('orderDetail.ledger.date'), dataIndex: 'businessDate' },
          { key: 'account', title: t('orderDetail.ledger.account'), dataIndex: 'account' },
          {
            key: 'component',
            title: t('orderDetail.ledger.component'),
            render: (_, l) =>
              l.component
                ? t(`orderDetail.components.${l.component}`, { defaultValue: l.component })
                : EMPTY,
          },
          {
            key: 'debit',
            title: t('orderDetail.ledger.debit'),
            align: 'end',
            render: (_, l) => (l.amountPaise > 0 ? money(l.amountPaise) : ''),
          },
          {
            key: 'credit',
            title: t('orderDetail.ledger.credit'),
            align: 'end',
            render: (_, l) => (l.amountPaise < 0 ? money(-l.amountPaise) : ''),
          },
        ],
        (l) => l.key,
        none,
      ),
    ),
    tab(
      'audit',
      detail.auditTrail.length,
      listTable<Audit>(
        detail.auditTrail,
        [
          {
            key: 'at',
            title: t('orderDetail.audit.at'),
            render: (_, a) => formatIndiaDateTime(a.at),
          },
          { key: 'action', title: t('orderDetail.audit.action'), dataIndex: 'action' },
          {
            key: 'by',
            title: t('orderDetail.audit.by'),
            render: (_, a) => a.actorName || t('orderDetail.system'),
          },
          {
            key: 'summary',
            title: t('orderDetail.audit.summary'),
            render: (_, a) => a.summary || EMPTY,
          },
        ],
        (a) => a.id,
        none,
      ),
    ),
  ];
  return (
    <Card size="small">
      <Tabs items={items} />
    </Card>
  );
}

const REQUEST_STATUS_COLOR = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  lapsed: 'default',
} as const;

/**
 * How a waiver or write-off request ended: who decided it and when (a rejection with the
 * checker's reason), or, for a lapse (decision 0054), when and what the order did that ended it.
 */
function RequestOutcome({ request }: { request: OrderDetail['approvalRequests'][number] }) {
  const { t } = useTranslation();
  const at = request.decidedAt ? formatIndiaDateTime(request.decidedAt) : '';
  if (request.status === 'pending') return <>{t('orderDetail.requests.waiting')}</>;
  if (request.status === 'lapsed') {
    const why = t(`orderDetail.requests.lapsedBy.${request.lapseEvent ?? 'other'}`, {
      defaultValue: t('orderDetail.requests.lapsedBy.other'),
    });
    return <>{t('orderDetail.requests.lapsed', { at, why })}</>;
  }
  return (
    <>
      {`${request.decidedBy ?? t('orderDetail.system')} · ${at}`}
      {request.decisionReason ? ` · ${request.decisionReason}` : ''}
    </>
  );
}

/**
 * A waiver or write-off waiting for a second person (decisions 0045, 0050): who asked, when,
 * how much and why. Read-only here: it is decided on the repayment plan.
 */
function PendingApprovalNotice({
  waiting,
}: {
  waiting: NonNullable<OrderDetail['pendingApproval']>;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`orderDetail.pendingApproval.${key}`);
  return (
    <Alert
      type="warning"
      showIcon
      title={f(waiting.kind)}
      description={
        <>
          <p>{f('where')}</p>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={f('amount')}>
              <Money paise={waiting.amountPaise} /> ({f(waiting.whole ? 'whole' : 'parts')})
            </Descriptions.Item>
            <Descriptions.Item label={f('reason')}>{waiting.reason}</Descriptions.Item>
            <Descriptions.Item label={f('askedBy')}>{waiting.requestedBy}</Descriptions.Item>
            <Descriptions.Item label={f('askedAt')}>
              {formatIndiaDateTime(waiting.requestedAt)}
            </Descriptions.Item>
          </Descriptions>
        </>
      }
    />
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
