import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@lending/contract';
import { renderAt } from '../../test/render';
import { NavbarSearch, searchTarget } from './navbar-search';

const clerk = (interfaces: string[]): UserInfo => ({
  name: 'Clerk',
  avatar: '',
  roles: ['clerk'],
  interfaces,
  email: 'clerk@example.com',
  language: 'en',
});

function setup(user?: UserInfo) {
  const view = renderAt(
    <header>
      <NavbarSearch />
    </header>,
    '/dashboard',
    {
      user,
      extraRoutes: [
        { path: '/loan/loanDetail', element: <p>order detail</p> },
        { path: '/order/orderList', element: <p>order list</p> },
      ],
    },
  );
  const search = () => within(screen.getByRole('search'));
  return { ...view, search };
}

describe('the navbar order search (issue #10)', () => {
  it('opens the detail of an order number typed in any case', async () => {
    const { router, search } = setup();
    await userEvent.type(
      search().getByRole('textbox', { name: 'Find an order' }),
      ' ln20250101000042{Enter}',
    );
    await screen.findByText('order detail');
    expect(router.state.location.pathname).toBe('/loan/loanDetail');
    expect(router.state.location.search).toBe('?orderNo=LN20250101000042');
  });

  it('opens the order list filtered by a +91 mobile number', async () => {
    const { router, search } = setup();
    await userEvent.type(
      search().getByRole('textbox', { name: 'Find an order' }),
      '+91 98765 43210{Enter}',
    );
    await screen.findByText('order list');
    expect(router.state.location.pathname).toBe('/order/orderList');
    expect(router.state.location.search).toBe('?phone=9876543210');
  });

  it('shows what the box takes for anything else, and stays put', async () => {
    const { router, search } = setup();
    const box = search().getByRole('textbox', { name: 'Find an order' });
    await userEvent.type(box, 'hello{Enter}');
    expect(
      await search().findByText('Enter an order number (LN…) or a 10-digit mobile number.'),
    ).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('is not offered to a user who may not list orders', () => {
    setup(clerk(['order.detail']));
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('sends an order number to the filtered list when the user may not open the detail', async () => {
    const { router, search } = setup(clerk(['order.list']));
    await userEvent.type(
      search().getByRole('textbox', { name: 'Find an order' }),
      'LN20250101000042{Enter}',
    );
    await screen.findByText('order list');
    expect(router.state.location.pathname).toBe('/order/orderList');
    expect(router.state.location.search).toBe('?orderNo=LN20250101000042');
  });
});

describe('searchTarget', () => {
  it.each([
    ['LN20250101000042', '/loan/loanDetail?orderNo=LN20250101000042'],
    ['09876543210', '/order/orderList?phone=9876543210'],
    ['98765-43210', '/order/orderList?phone=9876543210'],
    ['12345 67890', null],
    ['98765', null],
    ['LN', null],
    ['', null],
  ])('%j → %j', (text, target) => {
    expect(searchTarget(text, true)).toBe(target);
  });
});
