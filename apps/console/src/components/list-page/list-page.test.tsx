import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Modal } from 'antd';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defineEndpoint,
  listRequestSchema,
  listResultSchema,
  type EndpointRet,
} from '@lending/contract';
import { i18n } from '../../lib/i18n';
import { fakeEndpoints, fakeList, refusal } from '../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../test/render';
import { describeList, listPage } from './list-page';
import type { ActionFormProps } from './types';

// Ant Design tables render slowly in jsdom, the more so when every test file runs at once.
// Clicks skip user-event's pointer-events check: it computes every ancestor's style, which is
// slow with Ant Design's style rules; the loading overlay is waited for where it matters.
configure({ asyncUtilTimeout: 20_000, defaultHidden: true });

/* A list endpoint of the kind the business screens have, defined here so the kit is tried on
 * every column and filter kind without depending on one screen. */
const orderStatus = z.enum(['pending', 'disbursed', 'overdue']);
const orderRow = z.object({
  id: z.int(),
  orderNo: z.string(),
  customerName: z.string(),
  phone: z.string(),
  amountPaise: z.int(),
  status: orderStatus,
  appliedAt: z.string(),
  dueDate: z.string().nullable(),
  overdueDays: z.int(),
  interestPpm: z.int(),
  tags: z.array(z.string()),
  note: z.string(),
  autoDebit: z.enum(['on', 'off']),
});
type Order = z.infer<typeof orderRow>;

const listOrders = defineEndpoint({
  id: 'order.list',
  method: 'POST',
  summary: 'Orders',
  access: 'granted',
  mutates: false,
  body: listRequestSchema(
    z.strictObject({
      orderNo: z.string().trim().max(40).optional(),
      status: orderStatus.optional(),
      productId: z.int().positive().optional(),
      dateFrom: z.iso.date().optional(),
      dateTo: z.iso.date().optional(),
      minAmountPaise: z.int().min(0).optional(),
      maxAmountPaise: z.int().min(0).optional(),
      overdueDaysMin: z.int().min(0).optional(),
    }),
  ),
  query: undefined,
  ret: listResultSchema(orderRow),
});

function mutation<B extends z.ZodType>(id: string, body: B) {
  return defineEndpoint({
    id,
    method: 'POST',
    summary: id,
    access: 'granted',
    mutates: true,
    body,
    query: undefined,
    ret: z.null(),
  });
}

const cancelOrder = mutation('order.cancel', z.strictObject({ id: z.int() }));
const disburseOrders = mutation('order.disburse', z.strictObject({ ids: z.array(z.int()) }));
const editOrder = mutation('order.edit', z.strictObject({ id: z.int() }));
const setAutoDebit = mutation(
  'order.auto_debit',
  z.strictObject({ id: z.int(), autoDebit: z.enum(['on', 'off']) }),
);
const unmaskCustomer = defineEndpoint({
  id: 'customer.unmask',
  method: 'POST',
  summary: 'Show one field in full',
  access: 'granted',
  mutates: false,
  audited: true,
  body: z.strictObject({ orderId: z.int(), field: z.literal('phone') }),
  query: undefined,
  ret: z.object({ value: z.string() }),
});
const everyGrant = [
  listOrders,
  cancelOrder,
  disburseOrders,
  editOrder,
  setAutoDebit,
  unmaskCustomer,
].map((endpoint) => endpoint.id);

/** A form action's component: what it was opened with, and a way to close. */
function EditDialog({ open, row, onClose }: ActionFormProps<Order>) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Edit order">
      <p>{row ? `Editing ${row.orderNo}` : 'New order'}</p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

const OrdersPage = listPage(listOrders, ({ column, filter, action }) => ({
  route: 'orderList',
  rowLabel: (order) => order.orderNo,
  filters: [
    filter.text('orderNo', 'Order no'),
    filter.status('status', 'Status', {
      pending: { label: 'Pending' },
      disbursed: { label: 'Disbursed' },
      overdue: { label: 'Overdue' },
    }),
    filter.select('productId', 'Product', () => [
      { value: 3, label: 'Cash 14' },
      { value: 4, label: 'Cash 30' },
    ]),
    filter.indiaDateRange('dateFrom', 'dateTo', 'Applied'),
    filter.amountRange('minAmountPaise', 'maxAmountPaise', 'Amount'),
    filter.number('overdueDaysMin', 'Overdue at least'),
  ],
  columns: [
    column.link('orderNo', 'Order no', { to: (order) => `/order/detail?id=${order.id}` }),
    column.masked('phone', 'Phone', {
      reveal: {
        endpoint: unmaskCustomer,
        body: (order) => ({ orderId: order.id, field: 'phone' }),
        value: (ret) => ret.value,
      },
    }),
    column.money('amountPaise', 'Amount', { sortable: true }),
    column.status('status', 'Status', {
      pending: { label: 'Pending', color: 'blue' },
      disbursed: { label: 'Disbursed', color: 'green' },
      overdue: { label: 'Overdue', color: 'red' },
    }),
    column.instant('appliedAt', 'Applied at', { sortable: true }),
    column.indiaDate('dueDate', 'Due date'),
    column.days('overdueDays', 'Overdue'),
    column.ppm('interestPpm', 'Interest', { template: 'loanConfig.values.perDay' }),
    column.tags('tags', 'Tags', (tag) => tag.toUpperCase()),
    column.ellipsis('note', 'Note', { hiddenByDefault: true }),
    column.toggle('autoDebit', 'Auto-debit', {
      endpoint: setAutoDebit,
      on: 'on',
      off: 'off',
      body: (order, autoDebit) => ({ id: order.id, autoDebit }),
      labels: { on: 'On', off: 'Off' },
      confirmOff: 'Stop auto-debit of {{orderNo}}?',
    }),
  ],
  toolbar: [action.form('New order', EditDialog, { needs: editOrder })],
  rowActions: [
    action.form('Edit', EditDialog, { needs: editOrder }),
    action.call(cancelOrder, {
      label: 'Cancel order',
      body: (order) => ({ id: order.id }),
      confirm: 'Cancel {{orderNo}}?',
      danger: true,
      disabled: (order) => order.status === 'disbursed' && 'Already disbursed',
    }),
  ],
  bulkActions: [
    action.bulkCall(disburseOrders, {
      label: 'Disburse selected',
      body: (orders) => ({ ids: orders.map((order) => order.id) }),
      confirm: 'Disburse {{count}} orders?',
    }),
  ],
}));

/** The same list with few columns and filters: behaviour tests render it faster. */
const LeanOrdersPage = listPage(listOrders, ({ column, filter, action }) => ({
  route: 'orderList',
  rowLabel: (order) => order.orderNo,
  filters: [
    filter.text('orderNo', 'Order no'),
    filter.amountRange('minAmountPaise', 'maxAmountPaise', 'Amount'),
  ],
  columns: [
    column.link('orderNo', 'Order no', { to: (order) => `/order/detail?id=${order.id}` }),
    column.masked('phone', 'Phone'),
    column.money('amountPaise', 'Amount', { sortable: true }),
    column.status('status', 'Status', {
      pending: { label: 'Pending', color: 'blue' },
      disbursed: { label: 'Disbursed', color: 'green' },
      overdue: { label: 'Overdue', color: 'red' },
    }),
    column.ellipsis('note', 'Note', { hiddenByDefault: true }),
  ],
  toolbar: [action.form('New order', EditDialog, { needs: editOrder })],
  rowActions: [
    action.form('Edit', EditDialog, { needs: editOrder }),
    action.call(cancelOrder, {
      label: 'Cancel order',
      body: (order) => ({ id: order.id }),
      confirm: 'Cancel {{orderNo}}?',
      danger: true,
      disabled: (order) => order.status === 'disbursed' && 'Already disbursed',
    }),
  ],
  bulkActions: [
    action.bulkCall(disburseOrders, {
      label: 'Disburse selected',
      body: (orders) => ({ ids: orders.map((order) => order.id) }),
      confirm: 'Disburse {{count}} orders?',
    }),
  ],
}));

/* What the compiler refuses: a description is checked against the endpoint's row and filters. */
describeList(listOrders, ({ column, filter, action }) => ({
  route: 'orderList',
  columns: [
    // @ts-expect-error the row has no such field
    column.money('netDisbursedPaise', 'Net disbursed'),
    // @ts-expect-error text is not money
    column.money('orderNo', 'Order no'),
    // @ts-expect-error every status needs its tag
    column.status('status', 'Status', { pending: { label: 'Pending' } }),
  ],
  // @ts-expect-error the endpoint takes no such filter
  filters: [filter.text('customerName', 'Customer')],
  rowActions: [
    // @ts-expect-error the body is the endpoint's
    action.call(cancelOrder, { label: 'Cancel', body: (row) => ({ id: row.orderNo }) }),
  ],
}));

function order(id: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    orderNo: `ORD${id}`,
    customerName: 'R••••h',
    phone: '98•••••321',
    amountPaise: 12_345_678,
    status: 'pending',
    appliedAt: '2025-01-15T04:30:00.000Z',
    dueDate: '2025-01-29',
    overdueDays: 0,
    interestPpm: 1_000,
    tags: [],
    note: '',
    autoDebit: 'on',
    ...overrides,
  };
}

type Answer = EndpointRet<typeof listOrders>;

/*
 * Role queries over the whole page compute every element's style in jsdom, slowly with Ant
 * Design's many style rules: rows are found by their order number's link text, and role
 * queries are scoped to a row, the toolbar, the search form or a dialog.
 */
async function findRow(orderNo: string) {
  const link = await screen.findByText(orderNo, { selector: 'a' });
  return within(link.closest('tr')!);
}

function queryRow(orderNo: string) {
  return screen.queryByText(orderNo, { selector: 'a' });
}

function toolbar() {
  return within(screen.getByRole('toolbar'));
}

function searchForm() {
  return within(document.querySelector('form')!);
}

function headers() {
  return screen
    .getAllByRole('columnheader')
    .map((header) => header.textContent)
    .filter(Boolean);
}

function bodies(call: ReturnType<typeof fakeEndpoints>) {
  return call.mock.calls
    .filter(([endpoint]) => endpoint === listOrders)
    .map(([, body]) => body as { page?: number } | undefined);
}

function signedInWith(interfaces: string[]) {
  return { user: { ...testAdmin, email: 'clerk@example.com', roles: [], interfaces } };
}

// A table with every column kind, its filters and dialogs: slow to render in jsdom on a busy
// machine, so each test gets longer than the default.
describe('listPage', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    localStorage.clear();
  });
  afterEach(() => {
    Modal.destroyAll();
    vi.restoreAllMocks();
  });

  it('shows each column kind as staff read it: ₹ in Indian grouping, India time, masks kept', async () => {
    const call = fakeEndpoints([
      fakeList(listOrders, [
        order(1, {
          status: 'overdue',
          overdueDays: 3,
          dueDate: null,
          tags: ['new', 'vip'],
          interestPpm: 500,
        }),
      ]),
    ]);
    renderAt(<OrdersPage />, '/order/orderList', signedInWith(everyGrant));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Order list');
    const row = await findRow('ORD1');
    expect(row.getByRole('link', { name: 'ORD1' })).toHaveAttribute('href', '/order/detail?id=1');
    expect(row.getByText('₹1,23,456.78').closest('td')).toHaveStyle({ textAlign: 'right' });
    expect(row.getByText('98•••••321')).toBeInTheDocument();
    expect(row.getByText('Overdue')).toBeInTheDocument();
    expect(row.getByText('2025-01-15 10:00:00')).toBeInTheDocument();
    expect(row.getByText('3 days')).toBeInTheDocument();
    expect(row.getByText('0.05% per day')).toBeInTheDocument();
    expect(row.getByText('NEW')).toBeInTheDocument();
    expect(row.getByText('—')).toBeInTheDocument();
    // Hidden by default: the note column.
    expect(headers()).not.toContain('Note');
    expect(bodies(call)).toEqual([{ page: 1, pageSize: 20 }]);
    expect(screen.getByText('1 in all')).toBeInTheDocument();
  });

  it('reads filters, page and sort from the URL through the endpoint schema, dropping bad values', async () => {
    const call = fakeEndpoints([fakeList(listOrders, [order(1)], () => true)]);
    renderAt(
      <OrdersPage />,
      '/order/orderList?orderNo=ORD&status=overdue&productId=3&dateFrom=2025-01-01' +
        '&minAmountPaise=100000&overdueDaysMin=abc&maxAmountPaise=-5&pageSize=500' +
        '&sort=amountPaise&order=asc&nonsense=1',
      signedInWith(everyGrant),
    );
    await waitFor(() => expect(bodies(call).length).toBeGreaterThan(0));
    expect(bodies(call)[0]).toEqual({
      page: 1,
      pageSize: 20,
      filters: {
        orderNo: 'ORD',
        status: 'overdue',
        productId: 3,
        dateFrom: '2025-01-01',
        minAmountPaise: 100_000,
      },
      sort: { field: 'amountPaise', order: 'asc' },
    });
    // The form shows what the list is filtered by, amounts in rupees.
    expect(await screen.findByLabelText('Order no')).toHaveValue('ORD');
    expect(screen.getByLabelText('Amount: minimum (₹)')).toHaveValue('1000.00');
    expect(screen.getByText('Cash 14')).toBeInTheDocument();
  });

  it('drops a sort no column offers and a value the endpoint refuses', async () => {
    const call = fakeEndpoints([fakeList(listOrders, [order(1)])]);
    renderAt(
      <OrdersPage />,
      '/order/orderList?sort=phone&order=asc&status=lost&page=0',
      signedInWith(everyGrant),
    );
    await findRow('ORD1');
    expect(bodies(call)[0]).toEqual({ page: 1, pageSize: 20 });
  });

  it('puts the searched filters into the URL (rupees typed, paise sent) and Reset clears them', async () => {
    const call = fakeEndpoints([
      fakeList(listOrders, [order(1), order(2, { amountPaise: 50_000 })], (row, filters) => {
        const min = filters.minAmountPaise as number | undefined;
        return min === undefined || row.amountPaise >= min;
      }),
    ]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const { router } = renderAt(<LeanOrdersPage />, '/order/orderList', signedInWith(everyGrant));
    await findRow('ORD2');

    await user.click(screen.getByLabelText('Order no'));
    await user.paste('  ORD ');
    await user.click(screen.getByLabelText('Amount: minimum (₹)'));
    await user.paste('1,000.50');
    await user.click(searchForm().getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?orderNo=ORD&minAmountPaise=100050'),
    );
    await waitFor(() => expect(queryRow('ORD2')).toBeNull());
    expect(bodies(call).at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      filters: { orderNo: 'ORD', minAmountPaise: 100_050 },
    });

    // An amount that is not rupees is refused at the field, and nothing is sent.
    const sent = bodies(call).length;
    await user.clear(screen.getByLabelText('Amount: minimum (₹)'));
    await user.paste('10.505');
    await user.click(searchForm().getByRole('button', { name: 'Search' }));
    await screen.findByText('Amount: enter rupees with at most two decimals');
    expect(bodies(call)).toHaveLength(sent);

    await user.click(searchForm().getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await findRow('ORD2');
    expect(screen.getByLabelText('Order no')).toHaveValue('');
  });

  it('follows the URL when the user goes back', async () => {
    fakeEndpoints([fakeList(listOrders, [order(1)], () => true)]);
    const { router } = renderAt(
      <LeanOrdersPage />,
      '/order/orderList?orderNo=FIRST',
      signedInWith(everyGrant),
    );
    expect(await screen.findByLabelText('Order no')).toHaveValue('FIRST');
    await act(() => router.navigate('/order/orderList?orderNo=SECOND'));
    await waitFor(() => expect(screen.getByLabelText('Order no')).toHaveValue('SECOND'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Order no')).toHaveValue('FIRST'));
  });

  it('sorts on the server by a sortable column, newest first then oldest first', async () => {
    const call = fakeEndpoints([
      fakeList(listOrders, [
        order(1, { amountPaise: 300 }),
        order(2, { amountPaise: 100 }),
        order(3, { amountPaise: 200 }),
      ]),
    ]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const { router } = renderAt(<LeanOrdersPage />, '/order/orderList', signedInWith(everyGrant));
    await findRow('ORD1');
    const header = screen.getByText('Amount', { selector: 'th *' }).closest('th')!;
    await user.click(header);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amountPaise&order=desc'));
    await waitFor(() =>
      expect(bodies(call).at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        sort: { field: 'amountPaise', order: 'desc' },
      }),
    );
    await user.click(header);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amountPaise&order=asc'));
    await waitFor(() => {
      const links = [...document.querySelectorAll('td a')].map((link) => link.textContent);
      expect(links).toEqual(['ORD2', 'ORD3', 'ORD1']);
    });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    // A column that is not sortable offers no sorting.
    const phone = screen.getByText('Phone', { selector: 'th' });
    expect(phone).not.toHaveAttribute('aria-sort');
    expect(phone).not.toHaveClass('ant-table-column-has-sorters');
  });

  it('pages on the server, and never stays on a page past the end', async () => {
    const rows = Array.from({ length: 12 }, (_, index) => order(index + 1));
    const call = fakeEndpoints([
      fakeList(listOrders, rows),
      [
        cancelOrder,
        ({ id }) => {
          rows.splice(
            rows.findIndex((row) => row.id === id),
            1,
          );
          return null;
        },
      ],
    ]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const { router } = renderAt(
      <LeanOrdersPage />,
      '/order/orderList?pageSize=10&page=7',
      signedInWith(everyGrant),
    );
    // Page 7 of 12 rows is past the end: the list steps back to the last page, in place.
    await findRow('ORD11');
    expect(router.state.location.search).toBe('?page=2&pageSize=10');
    expect(bodies(call).map((body) => body?.page)).toEqual([7, 2]);

    // Deleting the last rows of the last page steps back too.
    for (const orderNo of ['ORD11', 'ORD12']) {
      const row = await findRow(orderNo);
      await user.click(row.getByRole('button', { name: `Cancel order: ${orderNo}` }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(`Cancel ${orderNo}?`)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await screen.findByText('Operation Success');
      await waitFor(() => expect(queryRow(orderNo)).toBeNull());
    }
    await findRow('ORD1');
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=10'));
    expect(call).toHaveBeenCalledWith(cancelOrder, { id: 12 });
    expect(screen.getByText('10 in all')).toBeInTheDocument();
  });

  it('says "about" for an estimated total, rounded, and pages on through it', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => order(index + 1));
    const call = fakeEndpoints([
      [listOrders, () => ({ list: rows, total: 987_654, totalIsEstimate: true as const })],
    ]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const { router } = renderAt(
      <LeanOrdersPage />,
      '/order/orderList?pageSize=10',
      signedInWith(everyGrant),
    );
    await findRow('ORD1');
    expect(screen.getByText('about 9,90,000 in all')).toBeInTheDocument();
    expect(screen.queryByText(/987654/)).toBeNull();
    // The pages are those of the estimate: the last one is a click away.
    await user.click(screen.getByTitle('98766'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=98766&pageSize=10'));
    expect(bodies(call).at(-1)?.page).toBe(98_766);

    await i18n.changeLanguage('zh');
    await screen.findByText('约 9,90,000 条');
  });

  it('shows a page past the end of an estimated list as empty, with the way back to page 1', async () => {
    const rows = Array.from({ length: 3 }, (_, index) => order(index + 1));
    fakeEndpoints([
      [
        listOrders,
        (body) =>
          body.page === 1
            ? { list: rows, total: 3 }
            : // The estimate promised more pages than there are rows.
              { list: [], total: 12_000, totalIsEstimate: true as const },
      ],
    ]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const { router } = renderAt(
      <LeanOrdersPage />,
      '/order/orderList?pageSize=10&page=7',
      signedInWith(everyGrant),
    );
    await screen.findByText('No records on page 7: the list ends before it');
    expect(screen.queryByText('The list could not be loaded')).toBeNull();
    await user.click(screen.getByText('Go to page 1').closest('button')!);
    await findRow('ORD3');
    expect(router.state.location.search).toBe('?pageSize=10');
    expect(screen.getByText('3 in all')).toBeInTheDocument();
  });

  it('keeps column settings: shown, hidden, reordered, kept for the user, reset', async () => {
    fakeEndpoints([fakeList(listOrders, [order(1, { note: 'Called twice' })])]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const clerk = signedInWith(everyGrant);
    const first = renderAt(<LeanOrdersPage />, '/order/orderList', clerk);
    await findRow('ORD1');
    await user.click(toolbar().getByRole('button', { name: 'Columns' }));
    const settings = within(await screen.findByRole('list', { name: 'Columns shown, in order' }));
    await user.click(settings.getByRole('checkbox', { name: 'Phone' }));
    await user.click(settings.getByRole('checkbox', { name: 'Note' }));
    await user.click(settings.getByRole('button', { name: 'Move Status up' }));
    await waitFor(() => expect(headers()).not.toContain('Phone'));
    expect(headers().slice(0, 3)).toEqual(['Order no', 'Status', 'Amount']);
    expect(headers()).toContain('Note');
    first.unmount();

    // The same user on the same screen later: as they left it; Reset brings back the screen's.
    renderAt(<LeanOrdersPage />, '/order/orderList', clerk);
    await findRow('ORD1');
    expect(headers().slice(0, 3)).toEqual(['Order no', 'Status', 'Amount']);
    expect(headers()).not.toContain('Phone');
    expect(screen.getByText('Called twice')).toBeInTheDocument();
    await user.click(toolbar().getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByText('Reset columns'));
    await waitFor(() => expect(headers()).toContain('Phone'));
    expect(headers().slice(0, 4)).toEqual(['Order no', 'Phone', 'Amount', 'Status']);
    expect(headers()).not.toContain('Note');
  });

  it('offers only the actions the user holds the interface of', async () => {
    fakeEndpoints([fakeList(listOrders, [order(1)])]);
    renderAt(<OrdersPage />, '/order/orderList', signedInWith([listOrders.id]));
    const row = await findRow('ORD1');
    expect(toolbar().queryByRole('button', { name: 'New order' })).toBeNull();
    expect(row.queryByRole('button', { name: /Edit|Cancel order/ })).toBeNull();
    expect(headers()).not.toContain('Actions');
    expect(row.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText('0 selected')).toBeNull();
    // Without the toggle's interface the state is a tag; without unmask, no reveal.
    expect(row.queryByRole('switch')).toBeNull();
    expect(row.getByText('On')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Show Phone in full/ })).toBeNull();
  });

  it('runs a bulk action over the selected rows after a confirmation, then clears the selection', async () => {
    const call = fakeEndpoints([
      fakeList(listOrders, [order(1), order(2), order(3)]),
      [disburseOrders, () => null],
    ]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    renderAt(<LeanOrdersPage />, '/order/orderList', signedInWith(everyGrant));
    await findRow('ORD3');
    const disburse = toolbar().getByRole('button', { name: 'Disburse selected' });
    expect(disburse).toBeDisabled();
    await user.click((await findRow('ORD1')).getByRole('checkbox', { name: 'Select ORD1' }));
    await user.click((await findRow('ORD3')).getByRole('checkbox', { name: 'Select ORD3' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(disburse);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Disburse 2 orders?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith(disburseOrders, { ids: [1, 3] }));
    await screen.findByText('Operation Success');
    await waitFor(() => expect(screen.getByText('0 selected')).toBeInTheDocument());
  });

  it('opens a form action on its row, and from the toolbar on none', async () => {
    fakeEndpoints([fakeList(listOrders, [order(1), order(2, { status: 'disbursed' })])]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    renderAt(<LeanOrdersPage />, '/order/orderList', signedInWith(everyGrant));
    const second = await findRow('ORD2');
    // A row action can be offered and not pressable, saying why.
    expect(second.getByRole('button', { name: 'Cancel order: ORD2' })).toBeDisabled();
    await user.click(second.getByRole('button', { name: 'Edit: ORD2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order' });
    expect(within(dialog).getByText('Editing ORD2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit order' })).toBeNull());
    await user.click(toolbar().getByRole('button', { name: 'New order' }));
    await screen.findByText('New order', { selector: 'p' });
  });

  it('switches a toggle at once, and asks before turning it off', async () => {
    const rows = [order(1)];
    const call = fakeEndpoints([
      fakeList(listOrders, rows),
      [
        setAutoDebit,
        ({ id, autoDebit }) => {
          rows.find((row) => row.id === id)!.autoDebit = autoDebit;
          return null;
        },
      ],
    ]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    renderAt(<OrdersPage />, '/order/orderList', signedInWith(everyGrant));
    const row = await findRow('ORD1');
    const toggle = row.getByRole('switch', { name: 'Auto-debit: ORD1' });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Stop auto-debit of ORD1?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(setAutoDebit, { id: 1, autoDebit: 'off' }),
    );
    await screen.findByText('Update Success');
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('reveals one masked value through its audited endpoint, after a confirmation', async () => {
    const call = fakeEndpoints([
      fakeList(listOrders, [order(1)]),
      [unmaskCustomer, () => ({ value: '9876543321' })],
    ]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    renderAt(<OrdersPage />, '/order/orderList', signedInWith(everyGrant));
    const row = await findRow('ORD1');
    await user.click(row.getByRole('button', { name: 'Show Phone in full: ORD1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/recorded in the operation log/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await row.findByText('9876543321')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(unmaskCustomer, { orderId: 1, field: 'phone' });
  });

  it('shows loading, then an empty list that says whether the filters hid everything', async () => {
    let answer!: (value: Answer) => void;
    fakeEndpoints([[listOrders, () => new Promise<Answer>((resolve) => (answer = resolve))]]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const { container, router } = renderAt(
      <LeanOrdersPage />,
      '/order/orderList?orderNo=NONE',
      signedInWith(everyGrant),
    );
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    await act(async () => answer({ list: [], total: 0 }));
    await screen.findByText('No records match these filters');
    await waitFor(() => expect(container.querySelector('.ant-spin-blur')).toBeNull());
    fakeEndpoints([fakeList(listOrders, [])]);
    await user.click(screen.getByText('Clear filters').closest('button')!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByText('No records yet');
  });

  it('says when the list could not be loaded, and Retry asks again', async () => {
    let fail = true;
    fakeEndpoints([
      [
        listOrders,
        () => {
          if (fail) throw refusal('The service is busy', 5000);
          return { list: [order(1)], total: 1 };
        },
      ],
    ]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    renderAt(<LeanOrdersPage />, '/order/orderList', signedInWith(everyGrant));
    await screen.findByText('The list could not be loaded');
    expect(screen.getByText('The service is busy')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByText('Retry').closest('button')!);
    await findRow('ORD1');

    // A refresh that fails keeps the rows and says so.
    fail = true;
    await user.click(toolbar().getByRole('button', { name: 'Refresh' }));
    await screen.findByText('Showing the list as last loaded: The service is busy');
    expect(queryRow('ORD1')).not.toBeNull();
  });

  it('speaks Chinese when the console does', async () => {
    fakeEndpoints([fakeList(listOrders, [order(1, { overdueDays: 2 })])]);
    await i18n.changeLanguage('zh');
    renderAt(<OrdersPage />, '/order/orderList?orderNo=X', signedInWith(everyGrant));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('订单列表');
    await screen.findByText('没有符合筛选条件的记录');
    expect(toolbar().getByRole('button', { name: '刷新' })).toBeInTheDocument();
    expect(toolbar().getByRole('button', { name: '列设置' })).toBeInTheDocument();
    expect(screen.getByText('已选 0 项')).toBeInTheDocument();
  });
});
