import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import { OrderDetailView } from '../order-detail';
import { overdueOrderDetail } from '../testing/order-detail-fixture';
import { AssetClassCard } from './asset-class-card';

type ClassChange = OrderDetail['classHistory'][number];

function change(
  businessDate: string,
  fromClass: ClassChange['fromClass'],
  toClass: ClassChange['toClass'],
  daysPastDue: number,
  reason: ClassChange['reason'],
  causeOrderNo: string | null = null,
): ClassChange {
  return {
    businessDate,
    fromClass,
    toClass,
    daysPastDue,
    reason,
    causeOrderNo,
    at: `${businessDate}T18:31:00.000Z`,
  };
}

/** Past due since 15 January, rescheduled, pulled into NPA by the borrower's other loan. */
const npaOrder = overdueOrderDetail({
  rbiClass: 'NPA',
  classifiedDate: '2025-04-10',
  rbiDaysPastDue: 91,
  rescheduled: true,
  suspense: { interestPaise: 12_345, penalPaise: 6_000 },
  classHistory: [
    change('2025-01-15', 'STANDARD', 'SMA-0', 1, 'daysPastDue'),
    change('2025-02-14', 'SMA-0', 'SMA-1', 31, 'daysPastDue'),
    change('2025-03-16', 'SMA-1', 'SMA-2', 61, 'daysPastDue'),
    change('2025-04-10', 'SMA-2', 'NPA', 86, 'borrowerNpa', 'LN20250101000007'),
  ],
});

/** The value shown beside a label of the card's facts. */
function itemOf(label: string) {
  return within(screen.getByText(label).closest('.ant-descriptions-item')! as HTMLElement);
}

/** The history's rows, each as its cells' texts (the facts above are a table too, headless). */
function historyRows() {
  const table = screen
    .getAllByRole('table')
    .find((candidate) => within(candidate).queryAllByRole('columnheader').length > 0)!;
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('asset classification card', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the class since when, rescheduled, days past due, suspense and the history oldest first', () => {
    renderAt(<AssetClassCard detail={npaOrder} />, '/loan/loanDetail');
    expect(screen.getByText('Asset classification')).toBeInTheDocument();
    const current = itemOf('Asset class');
    expect(current.getByText('NPA')).toBeInTheDocument();
    expect(current.getByText('since 2025-04-10')).toBeInTheDocument();
    expect(current.getByText('Rescheduled')).toBeInTheDocument();
    expect(itemOf('RBI days past due').getByText('91 days')).toBeInTheDocument();
    expect(itemOf('Interest in suspense').getByText('₹123.45')).toBeInTheDocument();
    expect(itemOf('Overdue fee in suspense').getByText('₹60.00')).toBeInTheDocument();

    expect(screen.getByText('Classification history')).toBeInTheDocument();
    expect(historyRows()).toEqual([
      ['2025-01-15', 'Standard → SMA-0', '1 day', 'Its days past due'],
      ['2025-02-14', 'SMA-0 → SMA-1', '31 days', 'Its days past due'],
      ['2025-03-16', 'SMA-1 → SMA-2', '61 days', 'Its days past due'],
      [
        '2025-04-10',
        'SMA-2 → NPA',
        '86 days',
        'Another loan of the borrower is NPA (order LN20250101000007)',
      ],
    ]);
  });

  it('says why in words for every reason, and in Chinese', async () => {
    const detail = overdueOrderDetail({
      rbiClass: 'STANDARD',
      classifiedDate: '2025-05-02',
      rbiDaysPastDue: 0,
      classHistory: [
        change('2025-01-15', null, 'SMA-0', 1, 'daysPastDue'),
        change('2025-04-15', 'SMA-2', 'NPA', 91, 'daysPastDue'),
        change('2025-04-20', 'NPA', 'NPA', 96, 'rescheduled'),
        change('2025-04-30', 'NPA', 'SMA-2', 106, 'valueDated'),
        change('2025-05-01', 'SMA-2', 'SMA-2', 107, 'arrearsPaid'),
        change('2025-05-02', 'SMA-2', 'STANDARD', 0, 'paid'),
      ],
    });
    const view = renderAt(<AssetClassCard detail={detail} />, '/loan/loanDetail');
    // The first classification has no class before it; no rescheduling, no tag.
    expect(historyRows().map((row) => [row[1], row[3]])).toEqual([
      ['SMA-0', 'Its days past due'],
      ['SMA-2 → NPA', 'Its days past due'],
      ['NPA → NPA', 'Rolled over while past due (rescheduled)'],
      ['NPA → SMA-2', 'Restated by a value-dated repayment'],
      ['SMA-2 → SMA-2', 'Every arrear of the borrower paid'],
      ['SMA-2 → Standard', 'Paid off'],
    ]);
    expect(screen.queryByText('Rescheduled')).toBeNull();
    expect(itemOf('RBI days past due').getByText('0 days')).toBeInTheDocument();
    view.unmount();

    await i18n.changeLanguage('zh');
    renderAt(<AssetClassCard detail={npaOrder} />, '/loan/loanDetail');
    expect(screen.getByText('资产分类')).toBeInTheDocument();
    expect(itemOf('当前分类').getByText('自 2025-04-10 起')).toBeInTheDocument();
    expect(itemOf('挂账利息').getByText('₹123.45')).toBeInTheDocument();
    expect(historyRows()[3]).toEqual([
      '2025-04-10',
      'SMA-2 → 不良 (NPA)',
      '86 天',
      '借款人的另一笔借款为不良（NPA，订单 LN20250101000007）',
    ]);
  });

  it('is shown on the order detail once the order is classified, not before', () => {
    const classified = renderAt(<OrderDetailView detail={npaOrder} />, '/loan/loanDetail');
    expect(screen.getByText('Asset classification')).toBeInTheDocument();
    classified.unmount();
    renderAt(
      <OrderDetailView
        detail={overdueOrderDetail({
          status: 'FIRST_REVIEW',
          rbiClass: null,
          classifiedDate: null,
          classHistory: [],
        })}
      />,
      '/loan/loanDetail',
    );
    expect(screen.getByText('Amounts')).toBeInTheDocument();
    expect(screen.queryByText('Asset classification')).toBeNull();
  });
});
