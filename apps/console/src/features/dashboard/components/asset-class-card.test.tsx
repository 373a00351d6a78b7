import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssetClassFigures } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import { AssetClassCard } from './asset-class-card';

const classes: AssetClassFigures[] = [
  { assetClass: 'STANDARD', count: 1_250, outstandingPaise: 5_62_50_000_00, suspensePaise: 0 },
  { assetClass: 'SMA-0', count: 40, outstandingPaise: 18_60_000_00, suspensePaise: 0 },
  { assetClass: 'SMA-1', count: 0, outstandingPaise: 0, suspensePaise: 0 },
  { assetClass: 'SMA-2', count: 7, outstandingPaise: 3_27_500_50, suspensePaise: 0 },
  { assetClass: 'NPA', count: 3, outstandingPaise: 1_68_159_00, suspensePaise: 35_500_00 },
];

/** The table row whose first cell reads `name`: its cells' texts. */
function rowOf(name: string): string[] {
  const card = screen.getByRole('region', { name: /asset class|资产分类/ });
  const cell = within(card).getByText(name, { selector: '.ant-tag' });
  return within(cell.closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
}

describe('loans by asset class', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows each class with its loans, what they owe and the suspense, then the total', async () => {
    renderAt(<AssetClassCard classes={classes} />, '/dashboard');
    const card = await screen.findByRole('region', { name: 'Loans by asset class' });
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Asset class', 'Loans', 'Outstanding', 'Held in suspense']);
    expect(rowOf('Standard')).toEqual(['Standard', '1,250', '₹5,62,50,000.00', '₹0.00']);
    expect(rowOf('SMA-0')).toEqual(['SMA-0', '40', '₹18,60,000.00', '₹0.00']);
    expect(rowOf('SMA-1')).toEqual(['SMA-1', '0', '₹0.00', '₹0.00']);
    expect(rowOf('SMA-2')).toEqual(['SMA-2', '7', '₹3,27,500.50', '₹0.00']);
    expect(rowOf('NPA')).toEqual(['NPA', '3', '₹1,68,159.00', '₹35,500.00']);
    const total = within(card).getByText('Total').closest('tr')!;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Total', '1,300', '₹5,86,05,659.50', '₹35,500.00']);
    expect(within(card).getByText(/as the last day-end classified them/)).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await i18n.changeLanguage('zh');
    renderAt(<AssetClassCard classes={classes} />, '/dashboard');
    const card = await screen.findByRole('region', { name: '按资产分类的贷款' });
    expect(rowOf('正常')).toEqual(['正常', '1,250', '₹5,62,50,000.00', '₹0.00']);
    expect(rowOf('不良 (NPA)')[3]).toBe('₹35,500.00');
    expect(within(card).getByText('合计')).toBeInTheDocument();
  });
});
