import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RepaymentRecord, loanBookApi, repayApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { partialRecord, renewRecord, reversedRecord } from '../testing/repay-rows';
import { RepaymentRecordPage } from './repayment-record-page';

configure({ asyncUtilTimeout: 20_000 });

async function findRow(serialNo: string) {
  return within((await screen.findByText(serialNo)).closest('tr')!);
}

describe('repayment records', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows each repayment: serial, channel, virtual account, amounts per part, dates, type and status', async () => {
    const call = fakeEndpoints([
      fakeList(repayApi.listRepaymentRecords, [partialRecord, renewRecord, reversedRecord]),
    ]);
    renderAt(<RepaymentRecordPage />, '/repay/repaymentRecord?kind=normal');
    const row = await findRow(partialRecord.serialNo);
    expect(call).toHaveBeenCalledWith(repayApi.listRepaymentRecords, {
      page: 1,
      pageSize: 20,
      filters: { kind: 'normal' },
    });
    expect(row.getByText('neft')).toBeInTheDocument();
    expect(row.getByText('VA2223330001')).toBeInTheDocument();
    expect(row.getByText('₹1,000.00')).toBeInTheDocument();
    expect(row.getByText('₹803.50')).toBeInTheDocument();
    expect(row.getByText('₹120.00')).toBeInTheDocument();
    expect(row.getByText('2025-02-01 16:00:00')).toBeInTheDocument();
    expect(row.getByText('normal / partial')).toBeInTheDocument();
    expect(row.getByText('Posted')).toBeInTheDocument();
    const reversed = await findRow(reversedRecord.serialNo);
    expect(
      reversed.getByText('Reversed 2025-02-02 11:30:00: Returned by the bank'),
    ).toBeInTheDocument();
    expect(reversed.queryByRole('button', { name: /Reverse/ })).toBeNull();
    expect(screen.queryByText(renewRecord.serialNo)).toBeNull();
  });

  it('a rollover payment cannot be reversed here', async () => {
    fakeEndpoints([fakeList(repayApi.listRepaymentRecords, [renewRecord])]);
    renderAt(<RepaymentRecordPage />, '/repay/repaymentRecord');
    const row = await findRow(renewRecord.serialNo);
    expect(row.getByText('renew')).toBeInTheDocument();
    expect(row.getByRole('button', { name: `Reverse: ${renewRecord.serialNo}` })).toBeDisabled();
  });

  it('reverses a repayment with a reason', async () => {
    const records: RepaymentRecord[] = [{ ...partialRecord }];
    const call = fakeEndpoints([
      fakeList(repayApi.listRepaymentRecords, records),
      [
        loanBookApi.reverseRepayment,
        ({ reason }) => {
          Object.assign(records[0]!, {
            status: 'reversed',
            reversedAt: '2025-02-02T06:00:00.000Z',
            reversalReason: reason,
          });
          return {
            orderId: 41,
            orderNo: partialRecord.orderNo,
            status: 'OVERDUE' as const,
            closureType: null,
          };
        },
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepaymentRecordPage />, '/repay/repaymentRecord');
    const row = await findRow(partialRecord.serialNo);
    await user.click(row.getByRole('button', { name: `Reverse: ${partialRecord.serialNo}` }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(
        `The ₹1,000.00 is owed again on order ${partialRecord.orderNo}, with the interest and overdue fees it would have earned since the day it was paid; a cleared order re-opens.`,
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reverse' }));
    expect(await dialog.findByText('Enter the reason')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason'), 'Cheque bounced');
    await user.click(dialog.getByRole('button', { name: 'Reverse' }));
    await screen.findByText('Repayment reversed');
    expect(call).toHaveBeenCalledWith(
      loanBookApi.reverseRepayment,
      expect.objectContaining({ repaymentId: 7, reason: 'Cheque bounced' }),
    );
    await screen.findByText('Reversed 2025-02-02 11:30:00: Cheque bounced');
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([fakeList(repayApi.listRepaymentRecords, [partialRecord])]);
    renderAt(<RepaymentRecordPage />, '/repay/repaymentRecord');
    const row = await findRow(partialRecord.serialNo);
    expect(row.getByText('正常 / 部分')).toBeInTheDocument();
    expect(row.getByText('已入账')).toBeInTheDocument();
  });
});
