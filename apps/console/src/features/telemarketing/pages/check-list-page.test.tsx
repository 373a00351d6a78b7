import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type VerificationRow, telemarketingApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList, refusal } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { CheckListPage } from './check-list-page';

configure({ asyncUtilTimeout: 20_000 });

const waiting: VerificationRow = {
  orderId: 41,
  orderNo: 'LN20250130000041',
  customerName: 'A*** V****',
  phone: '******4321',
  principalPaise: 500_000,
  stage: 'first',
  checkingStatus: 'not_checked',
  items: [],
  checkedByName: null,
  checkedAt: null,
  notes: null,
  checks: 0,
};
const failed: VerificationRow = {
  ...waiting,
  orderId: 42,
  orderNo: 'LN20250130000042',
  phone: '******8765',
  stage: 'final',
  checkingStatus: 'failed',
  items: ['employment', 'address'],
  checkedByName: 'Tara Telemarketer',
  checkedAt: '2025-01-30T05:00:00.000Z',
  notes: 'Employer did not confirm',
  checks: 2,
};
const passed: VerificationRow = {
  ...failed,
  orderId: 43,
  orderNo: 'LN20250130000043',
  phone: '******1111',
  stage: 'first',
  checkingStatus: 'passed',
  items: ['identity'],
  notes: 'All details confirmed',
  checks: 1,
};

const rowOf = async (text: string) => within((await screen.findByText(text)).closest('tr')!);

describe('the verification queue (checkList)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows each order in review with its checking status, what was verified, by whom (en and zh)', async () => {
    fakeEndpoints([fakeList(telemarketingApi.listVerifications, [waiting, failed, passed])]);
    renderAt(<CheckListPage />, '/telemarketing/checkList');
    const notChecked = await rowOf('******4321');
    notChecked.getByText('Not checked');
    notChecked.getByText('First review');
    notChecked.getByText('₹5,000.00');
    const failedRow = await rowOf('******8765');
    failedRow.getByText('Failed');
    failedRow.getByText('Final review');
    failedRow.getByText('Employment');
    failedRow.getByText('Address');
    failedRow.getByText('Tara Telemarketer');
    failedRow.getByText('Employer did not confirm');
    const passedRow = await rowOf('******1111');
    passedRow.getByText('Passed');
    passedRow.getByText('Identity');
    await i18n.changeLanguage('zh');
    await notChecked.findByText('未核实');
    failedRow.getByText('核实未通过');
    failedRow.getByText('工作单位');
    passedRow.getByText('核实通过');
    await screen.findByRole('columnheader', { name: '核实状态' });
  });

  it('filters by checking status from the URL', async () => {
    const call = fakeEndpoints([
      fakeList(telemarketingApi.listVerifications, [waiting, failed, passed]),
    ]);
    renderAt(<CheckListPage />, '/telemarketing/checkList?checkingStatus=failed');
    await screen.findByText('******8765');
    expect(screen.queryByText('******4321')).not.toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(telemarketingApi.listVerifications, {
      page: 1,
      pageSize: 20,
      filters: { checkingStatus: 'failed' },
    });
  });
});

describe('the verification dialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  async function openFor(orderNo: string) {
    const row = await rowOf(orderNo);
    await userEvent.click(row.getByRole('button', { name: `Record check: ${orderNo}` }));
    return screen.findByRole('dialog');
  }

  it('needs the items verified and a result, and notes when the check failed', async () => {
    const rows = [waiting];
    const call = fakeEndpoints([
      fakeList(telemarketingApi.listVerifications, rows),
      [
        telemarketingApi.recordVerification,
        (body) => {
          rows[0] = { ...waiting, checkingStatus: 'failed', notes: body.notes ?? null, checks: 1 };
          return { checkId: 1, checkingStatus: 'failed' as const };
        },
      ],
    ]);
    renderAt(<CheckListPage />, '/telemarketing/checkList');
    const dialog = await openFor(waiting.orderNo);
    within(dialog).getByText(`Verification call: ${waiting.orderNo}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Please select what was verified');
    within(dialog).getByText('Please select the result');

    await userEvent.click(within(dialog).getByLabelText('Verified'));
    await userEvent.click(await screen.findByTitle('Employment'));
    await userEvent.click(await screen.findByTitle('Reference / contact'));
    await userEvent.click(within(dialog).getByLabelText('Failed'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Please fill in what did not match');
    expect(call).not.toHaveBeenCalledWith(telemarketingApi.recordVerification, expect.anything());

    await userEvent.type(within(dialog).getByLabelText('Notes'), '  Employer did not confirm ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith(telemarketingApi.recordVerification, {
        orderId: 41,
        items: ['employment', 'reference'],
        result: 'failed',
        notes: 'Employer did not confirm',
      }),
    );
    // The queue is read again and shows the new status.
    await screen.findByText('Verification call recorded');
    await (await rowOf('******4321')).findByText('Failed');
  });

  it('sends a passed check without notes', async () => {
    const call = fakeEndpoints([
      fakeList(telemarketingApi.listVerifications, [waiting]),
      [
        telemarketingApi.recordVerification,
        () => ({ checkId: 2, checkingStatus: 'passed' as const }),
      ],
    ]);
    renderAt(<CheckListPage />, '/telemarketing/checkList');
    const dialog = await openFor(waiting.orderNo);
    await userEvent.click(within(dialog).getByLabelText('Verified'));
    await userEvent.click(await screen.findByTitle('Identity'));
    await userEvent.click(within(dialog).getByLabelText('Passed'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith(telemarketingApi.recordVerification, {
        orderId: 41,
        items: ['identity'],
        result: 'passed',
      }),
    );
  });

  it('keeps the dialog open when the server refuses (the request client toasts why)', async () => {
    const call = fakeEndpoints([
      fakeList(telemarketingApi.listVerifications, [waiting]),
      [
        telemarketingApi.recordVerification,
        () => {
          throw refusal(
            'No verification call outside 09:00–17:00 India time: try again within those hours. Nothing was recorded',
            4171,
          );
        },
      ],
    ]);
    renderAt(<CheckListPage />, '/telemarketing/checkList');
    const dialog = await openFor(waiting.orderNo);
    await userEvent.click(within(dialog).getByLabelText('Verified'));
    await userEvent.click(await screen.findByTitle('Identity'));
    await userEvent.click(within(dialog).getByLabelText('Passed'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith(telemarketingApi.recordVerification, expect.anything()),
    );
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(screen.queryByText('Verification call recorded')).not.toBeInTheDocument();
  });
});
