import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request';
import { renderAt } from '../../../test/render';
import { cash30 } from '../testing/loan-config-rows';
import { LoanConfigFormModal } from './loan-config-form-modal';

// Antd forms and wide tables render slowly in jsdom, the more so when every test file runs
// at once: wait up to 20 s for what the user would see.
configure({ asyncUtilTimeout: 20_000 });

type User = ReturnType<typeof userEvent.setup>;

/** Replaces the text of each labelled field (pasted: typing key by key is slow in jsdom). */
async function fill(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.paste(value);
    expect(input).toHaveValue(value);
  }
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('the loan configuration form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names every missing field and sends nothing', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAt(
      <LoanConfigFormModal
        open
        kind="first"
        config={null}
        saving={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    for (const text of [
      'Product name is required',
      'Period (days) is required',
      'Limit min (₹) is required',
      'Limit max (₹) is required',
      'Service fee rate (%) is required',
      'Interest rate (% per day) is required',
      'Overdue fee (₹ per day) is required',
      'Penal cap (% of principal) is required',
      'Rollover fee (% of principal) is required',
      'Rollover period (days) is required',
      'Max rollovers is required',
    ]) {
      await screen.findByText(text);
    }
    // GST has its default; cooling-off may stay empty (the RBI minimum).
    expect(screen.getByLabelText('GST on fees (%)')).toHaveValue('18');
    expect(screen.queryByText(/Cooling-off days .*required/)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses figures outside the rules of the schema and the engine, naming the field', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAt(
      <LoanConfigFormModal
        open
        kind="first"
        config={null}
        saving={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    await screen.findByLabelText('Product name');
    await fill(user, {
      'Product name': 'Bad figures',
      'Period (days)': '0',
      'Limit min (₹)': '5,000',
      'Limit max (₹)': '4999.99',
      'Service fee rate (%)': '0.00001',
      'Interest rate (% per day)': '101',
      'Overdue fee (₹ per day)': '20.505',
      'Penal cap (% of principal)': '-1',
      'Rollover fee (% of principal)': '5',
      'Rollover period (days)': '1.5',
      'Max rollovers': '101',
      'Cooling-off days': '2',
    });
    await user.click(save());
    for (const text of [
      'Period (days) must be a whole number from 1 to 366',
      'Limit max (₹) must not be below limit min (₹)',
      'Service fee rate (%) must be a percentage with at most four decimals, e.g. 0.05',
      'Interest rate (% per day) must be at most 100%',
      'Overdue fee (₹ per day) must be an amount in rupees with at most two decimals, e.g. 4500.50',
      'Penal cap (% of principal) must be a percentage with at most four decimals, e.g. 0.05',
      'Rollover period (days) must be a whole number from 1 to 366',
      'Max rollovers must be a whole number from 0 to 100',
    ]) {
      await screen.findByText(text);
    }

    // Rules that join two fields: the fee with its GST, the cooling-off against the period.
    await fill(user, { 'Period (days)': '14', 'Service fee rate (%)': '90' });
    await user.click(save());
    await screen.findByText(
      'Service fee rate (%) with GST on it must stay below 100% of the principal',
    );
    await screen.findByText(
      'Cooling-off days must be at least 3 for a period of 14 days (RBI minimum)',
    );
    await fill(user, { 'Limit min (₹)': '0', 'Limit max (₹)': '0.00' });
    await user.click(save());
    await screen.findByText('Limit min (₹) must be more than ₹0');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the typed rupees as paise and percentages as ppm, exactly, with one overdue fee', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup({ delay: null });
    renderAt(
      <LoanConfigFormModal
        open
        kind="reloan"
        config={null}
        saving={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    await screen.findByLabelText('Product name');
    await fill(user, {
      'Product name': 'Cash 30 salaried',
      'Period (days)': '30',
      'Limit min (₹)': '4,500.50',
      'Limit max (₹)': '50000',
      'Service fee rate (%)': '0.57',
      'GST on fees (%)': '18',
      'Interest rate (% per day)': '0.05',
      'Penal cap (% of principal)': '8',
      'Rollover fee (% of principal)': '4.5',
      'Rollover period (days)': '10',
      'Max rollovers': '2',
      'Cooling-off days': '5',
    });
    // A fixed fee typed first, then the rate chosen: only the rate is sent.
    await fill(user, { 'Overdue fee (₹ per day)': '20' });
    await user.click(screen.getByRole('radio', { name: '% of principal per day' }));
    await fill(user, { 'Overdue fee rate (% per day)': '0.25' });
    await user.click(screen.getByRole('checkbox', { name: 'Rollover also when overdue' }));
    await user.click(screen.getByRole('radio', { name: 'Unavailable' }));
    await user.click(screen.getByRole('button', { name: 'Move Interest up' }));
    await user.click(screen.getByRole('button', { name: 'Move Interest up' }));
    const order = screen.getByRole('list', { name: 'Repayment allocation order' });
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Penal charges', 'Interest', 'Fees', 'GST', 'Principal']);

    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      kind: 'reloan',
      name: 'Cash 30 salaried',
      tenorDays: 30,
      minPrincipalPaise: 450_050,
      maxPrincipalPaise: 5_000_000,
      processingFeePpm: 5_700,
      gstPpm: 180_000,
      interestPerDayPpm: 500,
      penalPerDayPaise: null,
      penalPerDayPpm: 2_500,
      penalCapPpm: 80_000,
      rolloverFeePpm: 45_000,
      rolloverDays: 10,
      maxRollovers: 2,
      allowOverdueRollover: true,
      coolingOffDays: 5,
      allocationOrder: ['penal', 'interest', 'fee', 'gst', 'principal'],
      status: 'unavailable',
    });
  });

  it('editing says a new version is made, starts from the product, and sends its id', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup({ delay: null });
    renderAt(
      <LoanConfigFormModal
        open
        kind="first"
        config={cash30}
        saving={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Cash 30 salaried (version 3)' });
    expect(
      within(dialog).getByText(
        'Saving creates version 4 of this product. Orders already made keep the terms of the version they were made with; new orders get version 4.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Limit min (₹)')).toHaveValue('4500.50'));
    expect(screen.getByLabelText('Interest rate (% per day)')).toHaveValue('0.05');
    expect(await screen.findByLabelText('Overdue fee rate (% per day)')).toHaveValue('0.25');
    expect(screen.queryByLabelText('Overdue fee (₹ per day)')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Available' })).toBeNull();

    await fill(user, { 'Interest rate (% per day)': '0.07' });
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 7,
        expectedVersion: 3,
        kind: 'first',
        interestPerDayPpm: 700,
        minPrincipalPaise: 450_050,
        penalPerDayPaise: null,
        penalPerDayPpm: 2_500,
        allocationOrder: ['interest', 'penal', 'fee', 'gst', 'principal'],
      }),
    );
    // The status is the enable/disable action's, never the edit's.
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('status');
  });

  it("shows the server's field errors at the field it names", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(
        new RequestError(
          'Invalid value for maxPrincipalPaise: above the lending limit',
          'business',
          4000,
          400,
          [{ field: 'maxPrincipalPaise', message: 'above the lending limit' }],
        ),
      );
    const user = userEvent.setup({ delay: null });
    renderAt(
      <LoanConfigFormModal
        open
        kind="first"
        config={cash30}
        saving={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    // The product's figures are in the form before Save is pressed.
    await waitFor(() => expect(screen.getByLabelText('Limit max (₹)')).toHaveValue('123456.78'));
    expect(await screen.findByLabelText('Overdue fee rate (% per day)')).toHaveValue('0.25');
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await screen.findByText('above the lending limit');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
