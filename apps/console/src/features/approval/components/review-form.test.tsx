import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ReviewForm, approvalApi, loanBookApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { ReviewFormCard } from './review-form';

configure({ asyncUtilTimeout: 20_000 });

const form: ReviewForm = {
  orderId: 7,
  orderNo: 'LN2026112300007',
  status: 'FIRST_REVIEW',
  stage: 'first',
  reviewerName: 'Riya Reviewer',
  canDecide: true,
  principalPaise: 500_000,
  minPrincipalPaise: 100_000,
  rejectionCodes: [{ id: 3, code: 'INCOME_LOW', textEn: 'Income too low', textZh: '收入过低' }],
  finalReviewers: [{ userId: 12, name: 'Neha Reviewer' }],
};

describe('the review form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('needs remarks and a code to reject, then sends one decision and asks not to press again', async () => {
    const call = fakeEndpoints([
      [approvalApi.reviewForm, () => form],
      [approvalApi.reviewQueue, () => ({ list: [], total: 0 })],
      [
        loanBookApi.firstReviewOrder,
        () => ({
          orderId: 7,
          orderNo: form.orderNo,
          status: 'REJECTED' as const,
          closureType: null,
        }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<ReviewFormCard orderNo={form.orderNo} />, `/approve/detail?orderNo=${form.orderNo}`);
    const reject = await screen.findByRole('button', { name: 'Reject (R)' });
    expect(
      screen.getByText('Keyboard: N next order · P pass · R reject · M focus remarks'),
    ).toBeInTheDocument();
    await user.click(reject);
    await screen.findByText('Please fill remarks', { selector: '.ant-form-item-explain-error' });
    expect(
      screen.getByText('Please select rejection code', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(loanBookApi.firstReviewOrder, expect.anything());

    await user.type(
      screen.getByRole('textbox', { name: 'Remarks' }),
      'payslip is not the applicant’s',
    );
    await user.click(screen.getByRole('combobox', { name: 'Rejection code' }));
    await user.click(await screen.findByText('INCOME_LOW — Income too low'));
    await user.click(reject);
    await screen.findByText('Do not click repeatedly after approval!');
    await user.click(reject);
    expect(
      call.mock.calls.filter(([endpoint]) => endpoint === loanBookApi.firstReviewOrder),
    ).toEqual([
      [
        loanBookApi.firstReviewOrder,
        expect.objectContaining({
          orderId: 7,
          decision: 'reject',
          reason: 'payslip is not the applicant’s',
          rejectionCodeId: 3,
        }),
      ],
    ]);
  });

  it('a pass needs the checklist and a final reviewer', async () => {
    const call = fakeEndpoints([
      [approvalApi.reviewForm, () => form],
      [approvalApi.reviewQueue, () => ({ list: [], total: 0 })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<ReviewFormCard orderNo={form.orderNo} />, `/approve/detail?orderNo=${form.orderNo}`);
    await user.click(await screen.findByRole('button', { name: 'Pass (P)' }));
    await screen.findByText('Please select final reviewer', {
      selector: '.ant-form-item-explain-error',
    });
    expect(screen.getByText('Tick every checklist item before passing')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(loanBookApi.firstReviewOrder, expect.anything());
  });
});
