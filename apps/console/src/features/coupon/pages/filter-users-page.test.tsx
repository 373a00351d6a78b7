import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Coupon, type EndpointBody, couponApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../../test/render';
import { FilterUsersPage } from './filter-users-page';

configure({ asyncUtilTimeout: 20_000 });

const coupon: Coupon = {
  id: 7,
  title: 'Welcome back ₹50',
  target: 'interest',
  faceKind: 'amount',
  amountPaise: 5_000,
  percentBasisPoints: null,
  totalNumber: 100,
  remainingNumber: 60,
  validDays: 7,
  thresholdPaise: 0,
  expiresOn: '2025-03-31',
  status: 'available',
  sentNumber: 40,
  usedNumber: 3,
  createdAt: '2025-01-01T05:00:00.000Z',
};

const member = {
  id: 11,
  name: 'A*** V****',
  phone: '******3210',
  channel: 'playstore',
  registrationDate: '2025-01-02',
  customerType: 'old' as const,
  loansTaken: 2,
};

function fakeBook() {
  return fakeEndpoints([
    [
      couponApi.couponAudience,
      (body: EndpointBody<typeof couponApi.couponAudience>) => ({
        list: body.filters.segment === 'clearedNotReborrowed' ? [member] : [],
        total: body.filters.segment === 'clearedNotReborrowed' ? 1 : 0,
        blacklisted: 2,
      }),
    ],
    [couponApi.listCoupons, () => ({ list: [coupon], total: 1 })],
    [couponApi.sendCoupon, () => ({ batchId: 3, sent: 1, alreadyHeld: 0, blacklisted: 2 })],
  ]);
}

describe('coupon audience (filterUsers)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('finds the audience, says how many blacklisted were left out, and sends after a confirmation', async () => {
    const call = fakeBook();
    const user = userEvent.setup({ delay: null });
    renderAt(<FilterUsersPage />, '/coupon/filterUsers');
    await user.type(screen.getByLabelText('Channel'), ' playstore ');
    await user.click(screen.getByRole('button', { name: 'Find audience' }));
    await screen.findByText('1 borrower(s) match. 2 blacklisted borrower(s) left out.');
    expect(screen.getByText('******3210')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(couponApi.couponAudience, {
      page: 1,
      pageSize: 20,
      filters: { segment: 'clearedNotReborrowed', channel: 'playstore' },
    });

    const sendButton = screen.getByRole('button', { name: 'Send coupon' });
    expect(sendButton).toBeDisabled();
    await user.click(screen.getByLabelText('Choose a coupon to send'));
    await user.click(await screen.findByText('Welcome back ₹50 (60 left)'));
    expect(sendButton).toBeEnabled();
    await user.click(sendButton);
    const [confirm] = await screen.findAllByText('Send Welcome back ₹50 to 1 borrower(s)?');
    await user.click(
      within(confirm!.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', {
        name: 'Send coupon',
      }),
    );
    await screen.findByText('Sent to 1 borrower(s); 0 already held it; 2 blacklisted left out.');
    expect(call).toHaveBeenCalledWith(couponApi.sendCoupon, {
      couponId: 7,
      filters: { segment: 'clearedNotReborrowed', channel: 'playstore' },
      idempotencyKey: expect.stringMatching(/^console-coupon-send-/),
    });
  }, 60_000);

  it('offers no sending without the send permission', async () => {
    fakeBook();
    renderAt(<FilterUsersPage />, '/coupon/filterUsers', {
      user: { ...testAdmin, roles: ['Marketing'], interfaces: ['coupon.audience'] },
    });
    expect(await screen.findByRole('button', { name: 'Find audience' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send coupon' })).not.toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeBook();
    const user = userEvent.setup({ delay: null });
    renderAt(<FilterUsersPage />, '/coupon/filterUsers');
    await user.click(screen.getByRole('button', { name: '筛选用户' }));
    await screen.findByText('共 1 位借款人符合条件。已排除 2 位黑名单借款人。');
  });
});
