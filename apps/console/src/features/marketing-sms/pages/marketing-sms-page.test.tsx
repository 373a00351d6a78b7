import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Campaign, marketingSmsApi } from '@lending/contract';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { MarketingSmsPage } from './marketing-sms-page';

configure({ asyncUtilTimeout: 20_000 });
afterEach(() => vi.restoreAllMocks());

function campaign(id: number, name: string, selectedRows: number | null): Campaign {
  return {
    id,
    name,
    templateCode: 'marketing_offer_v1',
    templateName: 'Festive offer',
    text: 'Your next loan is ready: up to Rs 20,000 in minutes. - LENDIN',
    audienceSource: 'clearNotLoan',
    selectedRows,
    audienceSize: 3,
    sent: 2,
    delivered: 1,
    failed: 0,
    optedOut: 1,
    blacklisted: 0,
    pending: 0,
    ratePerMinute: 100,
    status: 'completed',
    sendAt: '2025-01-15T05:00:00.000Z',
    createdBy: 'Maya Marketing',
    createdAt: '2025-01-15T05:00:00.000Z',
    completedAt: '2025-01-15T05:02:00.000Z',
  };
}

describe('/toolMage/marketingSMS', () => {
  it('names the audience: a whole book list, or the rows selected on it (decision 0067)', async () => {
    fakeEndpoints([
      fakeList(marketingSmsApi.listCampaigns, [
        campaign(1, 'Whole list', null),
        campaign(2, 'Picked by hand', 3),
      ]),
    ]);
    renderAt(<MarketingSmsPage />, '/toolMage/marketingSMS');
    const rowOf = async (name: string) => within((await screen.findByText(name)).closest('tr')!);
    expect(
      (await rowOf('Whole list')).getByText('Cleared, not borrowed again'),
    ).toBeInTheDocument();
    expect(
      (await rowOf('Picked by hand')).getByText('Cleared, not borrowed again: 3 selected'),
    ).toBeInTheDocument();
  });
});
