import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EndpointDefinition, type LoanConfig, loanBookApi } from '@lending/contract';
import { api } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import { cash14, cash30 } from '../testing/loan-config-rows';
import { FirstLoanConfigPage, ReLoanConfigPage } from './loan-config-page';

// Antd forms and wide tables render slowly in jsdom, the more so when every test file runs
// at once: wait up to 20 s for what the user would see.
configure({ asyncUtilTimeout: 20_000 });

/** A fake API holding the products; answers the three loan configuration calls. */
function fakeApi(products: LoanConfig[]) {
  return vi.spyOn(api, 'call').mockImplementation(async (endpoint: EndpointDefinition, body) => {
    if (endpoint === loanBookApi.listLoanConfig) {
      const { filters } = body as { filters?: { kind?: string; status?: string } };
      const list = products.filter(
        (p) =>
          (!filters?.kind || p.kind === filters.kind) &&
          (!filters?.status || p.status === filters.status),
      );
      return { list, total: list.length };
    }
    if (endpoint === loanBookApi.setLoanConfigStatus) {
      const { id, status } = body as { id: number; status: LoanConfig['status'] };
      const product = products.find((p) => p.id === id)!;
      product.status = status;
      return product;
    }
    if (endpoint === loanBookApi.saveLoanConfig) {
      const {
        id,
        expectedVersion: _seen,
        ...terms
      } = body as { id: number; expectedVersion: number };
      const product = products.find((p) => p.id === id)!;
      Object.assign(product, terms, { version: product.version + 1 });
      return product;
    }
    throw new Error(`unexpected call ${endpoint.id}`);
  });
}

/**
 * The table row of a product. Found by its name cell's text: role queries over a wide antd
 * table compute every accessible name and take seconds in jsdom.
 */
async function findRow(name: string) {
  const cell = await screen.findByText(name, { selector: 'td' });
  return within(cell.closest('tr')!);
}

function queryRow(name: string) {
  return screen.queryByText(name, { selector: 'td' });
}

describe('loan configuration pages', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the products of its kind with ₹ in Indian grouping, % rates and India time', async () => {
    const call = fakeApi([{ ...cash14 }, { ...cash30 }, { ...cash14, id: 2, kind: 'reloan' }]);
    renderAt(<FirstLoanConfigPage />, '/systemConfig/firstLoanConfig');
    expect(
      await screen.findByRole('heading', { name: 'First loan configuration', level: 1 }),
    ).toBeInTheDocument();
    const first = await findRow('Cash 14');
    expect(call).toHaveBeenCalledWith(loanBookApi.listLoanConfig, {
      page: 1,
      pageSize: 20,
      filters: { kind: 'first' },
    });
    expect(screen.getByText('2 in all')).toBeInTheDocument();

    for (const text of [
      'v1',
      '14 days',
      '₹1,000.00 – ₹50,000.00',
      '7% + GST 18%',
      '0.1% per day',
      '₹20.00 per day',
      '10% of principal',
      '5% + GST',
      '7 days',
      'also when overdue',
      '3 days (RBI minimum)',
      'Available',
      '2025-01-15 10:00:00',
    ]) {
      expect(first.getByText(text)).toBeInTheDocument();
    }
    const second = await findRow('Cash 30 salaried');
    for (const text of [
      'v3',
      '30 days',
      '₹4,500.50 – ₹1,23,456.78',
      '6.5% + GST 18%',
      '0.05% per day',
      '0.25% per day',
      '8% of principal',
      '4.5% + GST',
      '10 days',
      '5 days',
      'Unavailable',
      '2025-02-02 00:15:10',
    ]) {
      expect(second.getByText(text)).toBeInTheDocument();
    }
    expect(second.queryByText('also when overdue')).toBeNull();
    expect(second.getByRole('button', { name: 'Enable: Cash 30 salaried' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Disable: Cash 14' })).toBeInTheDocument();
  });

  it('keeps the status filter in the URL and asks for that status only', async () => {
    const call = fakeApi([
      { ...cash14, kind: 'reloan' },
      { ...cash30, kind: 'reloan' },
    ]);
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(
      <ReLoanConfigPage />,
      '/systemConfig/reLoanConfig?status=unavailable',
    );
    await findRow('Cash 30 salaried');
    expect(queryRow('Cash 14')).toBeNull();
    expect(call).toHaveBeenLastCalledWith(loanBookApi.listLoanConfig, {
      page: 1,
      pageSize: 20,
      filters: { kind: 'reloan', status: 'unavailable' },
    });

    await user.click(screen.getByLabelText('Config status'));
    await user.click(await screen.findByTitle('Available'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=available'));
    await findRow('Cash 14');
    await waitFor(() => expect(queryRow('Cash 30 salaried')).toBeNull());
    expect(call).toHaveBeenLastCalledWith(loanBookApi.listLoanConfig, {
      page: 1,
      pageSize: 20,
      filters: { kind: 'reloan', status: 'available' },
    });

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await findRow('Cash 30 salaried');
    expect(queryRow('Cash 14')).toBeInTheDocument();
  });

  it('disables a product only after a confirmation, then says Operation Success', async () => {
    const call = fakeApi([{ ...cash14 }]);
    const user = userEvent.setup({ delay: null });
    renderAt(<FirstLoanConfigPage />, '/systemConfig/firstLoanConfig');
    let product = await findRow('Cash 14');
    await user.click(product.getByRole('button', { name: 'Disable: Cash 14' }));
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText(
        'Make "Cash 14" unavailable? New loans can no longer be made with it; orders already made keep their terms.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(call).not.toHaveBeenCalledWith(
      loanBookApi.setLoanConfigStatus,
      expect.anything(),
      undefined,
    );

    await user.click(product.getByRole('button', { name: 'Disable: Cash 14' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(loanBookApi.setLoanConfigStatus, {
        id: 1,
        status: 'unavailable',
      }),
    );
    await screen.findByText('Operation Success');
    product = await findRow('Cash 14');
    expect(await product.findByText('Unavailable')).toBeInTheDocument();
    expect(product.getByRole('button', { name: 'Enable: Cash 14' })).toBeInTheDocument();
  });

  it('edits a product into a new version and says Save Success', async () => {
    const call = fakeApi([{ ...cash14 }]);
    const user = userEvent.setup({ delay: null });
    renderAt(<FirstLoanConfigPage />, '/systemConfig/firstLoanConfig');
    await user.click((await findRow('Cash 14')).getByRole('button', { name: 'Edit: Cash 14' }));
    // Under NODE_ENV=test antd gives every generated id the value 'test-id', so the dialog's
    // aria-labelledby may point at another element here: find it, then read its title.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Cash 14 (version 1)')).toBeInTheDocument();
    const interest = within(dialog).getByLabelText('Interest rate (% per day)');
    await user.clear(interest);
    await user.paste('0.12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        loanBookApi.saveLoanConfig,
        expect.objectContaining({
          id: 1,
          expectedVersion: 1,
          kind: 'first',
          interestPerDayPpm: 1_200,
        }),
      ),
    );
    await screen.findByText('Save Success');
    const product = await findRow('Cash 14');
    expect(await product.findByText('v2')).toBeInTheDocument();
    expect(product.getByText('0.12% per day')).toBeInTheDocument();
  });

  it('speaks Chinese when the console does', async () => {
    fakeApi([{ ...cash14 }]);
    await i18n.changeLanguage('zh');
    renderAt(<FirstLoanConfigPage />, '/systemConfig/firstLoanConfig');
    const product = await findRow('Cash 14');
    expect(screen.getByRole('heading', { name: '首贷配置', level: 1 })).toBeInTheDocument();
    for (const text of [
      '14 天',
      '7% + GST 18%',
      '每天 0.1%',
      '每天 ₹20.00',
      '本金的 10%',
      '可用',
    ]) {
      expect(product.getByText(text)).toBeInTheDocument();
    }
    expect(product.getByRole('button', { name: '停用: Cash 14' })).toBeInTheDocument();
    expect(screen.getByText('配置状态', { selector: 'th' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新增产品' })).toBeInTheDocument();
  });
});
