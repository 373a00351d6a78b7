import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  defineEndpoint,
  listRequestSchema,
  listResultSchema,
  type EndpointRet,
  exportApi,
} from '@lending/contract';
import { fakeEndpoints, fakeList, refusal } from '../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../test/render';
import { listPage } from './list-page';

configure({ asyncUtilTimeout: 20_000, defaultHidden: true });

const row = z.object({
  id: z.int(),
  orderNo: z.string(),
  phone: z.string(),
  amountPaise: z.int(),
  status: z.enum(['pending', 'overdue']),
  note: z.string(),
});
type Row = z.infer<typeof row>;

const listLoans = defineEndpoint({
  id: 'order.list',
  method: 'POST',
  summary: 'Orders',
  access: 'granted',
  mutates: false,
  body: listRequestSchema(z.strictObject({ status: z.enum(['pending', 'overdue']).optional() })),
  query: undefined,
  ret: listResultSchema(row),
});

const describeColumns = (exportable?: boolean) =>
  listPage(listLoans, ({ column, filter }) => ({
    route: 'orderList',
    ...(exportable === undefined ? {} : { exportable }),
    filters: [
      filter.status('status', 'Status', {
        pending: { label: 'Pending' },
        overdue: { label: 'Overdue' },
      }),
    ],
    columns: [
      column.text('orderNo', 'Order no'),
      column.masked('phone', 'Phone'),
      column.money('amountPaise', 'Amount', { sortable: true }),
      column.status('status', 'Status', {
        pending: { label: 'Pending' },
        overdue: { label: 'Overdue', color: 'red' },
      }),
      column.ellipsis('note', 'Note', { hiddenByDefault: true }),
    ],
  }));
const LoansPage = describeColumns();
const SecretPage = describeColumns(false);

const rows: Row[] = [
  { id: 1, orderNo: 'LN1', phone: '******4321', amountPaise: 450_000, status: 'overdue', note: '' },
];

function user() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}

async function toolbar() {
  await screen.findByText('LN1');
  return screen.getByRole('toolbar', { name: 'List actions' });
}

describe('Export on a list screen', () => {
  it('starts an export of the list as shown: filters, sort, visible columns in the user’s language; then points to the download page', async () => {
    let resolve: (value: EndpointRet<typeof exportApi.startExport>) => void = () => undefined;
    const call = fakeEndpoints([
      fakeList(listLoans, rows),
      [
        exportApi.startExport,
        () => new Promise<EndpointRet<typeof exportApi.startExport>>((r) => (resolve = r)),
      ],
    ]);
    renderAt(<LoansPage />, '/order/orderList?status=overdue&sort=amountPaise&order=asc');
    const bar = await toolbar();
    const button = within(bar).getByRole('button', { name: /Export/ });
    await user().click(button);
    // On its way: loading, and a second press sends nothing more.
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    await user().click(button);
    expect(call.mock.calls.filter(([endpoint]) => endpoint === exportApi.startExport)).toHaveLength(
      1,
    );
    expect(call).toHaveBeenCalledWith(exportApi.startExport, {
      endpoint: 'order.list',
      route: 'orderList',
      title: 'Order list',
      filters: { status: 'overdue' },
      sort: { field: 'amountPaise', order: 'asc' },
      columns: [
        { field: 'orderNo', header: 'Order no', kind: 'text' },
        { field: 'phone', header: 'Phone', kind: 'text' },
        { field: 'amountPaise', header: 'Amount', kind: 'money' },
        {
          field: 'status',
          header: 'Status',
          kind: 'text',
          values: { pending: 'Pending', overdue: 'Overdue' },
        },
      ],
    });
    resolve({ id: 7, status: 'queued' });
    await screen.findByText('Executing, please go to the download page to download later');
    const link = await within(bar).findByRole('link', { name: 'Go to the download page' });
    expect(link).toHaveAttribute('href', '/download/index');
    expect(button).not.toHaveClass('ant-btn-loading');
  });

  it('a refusal leaves the button ready again, with no way to a download that was never started', async () => {
    fakeEndpoints([
      fakeList(listLoans, rows),
      [
        exportApi.startExport,
        () => {
          throw refusal('Access denied', 4003);
        },
      ],
    ]);
    renderAt(<LoansPage />, '/order/orderList');
    const bar = await toolbar();
    const button = within(bar).getByRole('button', { name: /Export/ });
    await user().click(button);
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    expect(within(bar).queryByRole('link', { name: 'Go to the download page' })).toBeNull();
    expect(button).toBeEnabled();
  });

  it('is not offered without export.start, nor on a list that opts out', async () => {
    fakeEndpoints([fakeList(listLoans, rows)]);
    const view = renderAt(<LoansPage />, '/order/orderList', {
      user: { ...testAdmin, interfaces: ['order.list'] },
    });
    expect(within(await toolbar()).queryByRole('button', { name: /Export/ })).toBeNull();
    view.unmount();
    renderAt(<SecretPage />, '/order/orderList');
    expect(within(await toolbar()).queryByRole('button', { name: /Export/ })).toBeNull();
  });
});
