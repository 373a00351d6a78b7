import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type GroupRow, recoveryApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { CollectionGroupPage } from './group-collector-pages';

configure({ asyncUtilTimeout: 20_000 });

const group: GroupRow = {
  id: 3,
  kind: 'collection',
  name: 'Early stage',
  stages: ['S1'],
  dailyCap: 30,
  dispatchMode: 'leastLoaded',
  keepDays: 7,
  active: true,
  brokenPromiseLimit: null,
  brokenPromiseLimitInForce: 2,
  members: 4,
  openCases: 12,
};

async function openEdit() {
  const row = within((await screen.findByText('Early stage')).closest('tr')!);
  await userEvent.click(row.getByRole('button', { name: /Edit/ }));
  return screen.findByRole('dialog');
}

describe('collection group form: the broken-promise rule (decision 0066)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the rule in force and saves the group’s own count', async () => {
    const call = fakeEndpoints([
      fakeList(recoveryApi.listGroups, [group]),
      [recoveryApi.saveGroup, () => ({ ok: true as const })],
    ]);
    renderAt(<CollectionGroupPage />, '/collection/collectioGroupManage');
    const dialog = within(await openEdit());
    expect(dialog.getByText(/In force for this group:/)).toHaveTextContent(
      'After 2 broken promises of its collector',
    );
    const input = dialog.getByLabelText('Re-dispatch after broken promises');
    expect(input).toHaveValue('');
    await userEvent.type(input, '3');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        recoveryApi.saveGroup,
        expect.objectContaining({ id: 3, kind: 'collection', brokenPromiseLimit: 3 }),
      ),
    );
  });

  it('an emptied rule is saved as null: the group follows the operations setting again', async () => {
    const call = fakeEndpoints([
      fakeList(recoveryApi.listGroups, [
        { ...group, brokenPromiseLimit: 0, brokenPromiseLimitInForce: 0 },
      ]),
      [recoveryApi.saveGroup, () => ({ ok: true as const })],
    ]);
    renderAt(<CollectionGroupPage />, '/collection/collectioGroupManage');
    const dialog = within(await openEdit());
    expect(dialog.getByText(/In force for this group:/)).toHaveTextContent('Off');
    const input = dialog.getByLabelText('Re-dispatch after broken promises');
    expect(input).toHaveValue('0');
    await userEvent.clear(input);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        recoveryApi.saveGroup,
        expect.objectContaining({ id: 3, brokenPromiseLimit: null }),
      ),
    );
  });
});
