import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type StageFlowRet, type StageFlowRow, recoveryApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { trendSeries } from '../stage-flow';
import { StageFlowPage } from './stage-flow-page';

configure({ asyncUtilTimeout: 20_000 });

const row = (month: string, stage: string, over: Partial<StageFlowRow> = {}): StageFlowRow => ({
  key: `${month}:${stage}`,
  month,
  stage,
  nextStage: stage === 'S1' ? 'S2' : stage === 'S2' ? 'S3' : null,
  entered: 3,
  rolled: 2,
  rollRatePpm: 666_667,
  repaid: 1,
  repaidRatePpm: 333_333,
  stillOpen: 0,
  owedPaise: 1_376_250,
  recoveredPaise: 468_750,
  amountRatePpm: 340_599,
  contacted: 2,
  contactRatePpm: 666_667,
  promises: 0,
  promisesKept: 0,
  promiseKeptPpm: null,
  ...over,
});

const flow: StageFlowRet = {
  monthFrom: '2025-01',
  monthTo: '2025-02',
  stages: ['S1', 'S2', 'S3'],
  list: [
    row('2025-01', 'S1'),
    row('2025-02', 'S1', { rollRatePpm: 500_000 }),
    row('2025-02', 'S2', { rolled: 0, rollRatePpm: 0 }),
    row('2025-02', 'S3', { rollRatePpm: 0 }),
  ],
};

describe('stage flow trend', () => {
  it('draws a roll rate per stage that has a next one, a point per month, null where none entered', () => {
    expect(trendSeries(flow, 'rollRatePpm')).toEqual({
      months: ['2025-01', '2025-02'],
      series: [
        { name: 'S1 → S2', data: [66.67, 50] },
        { name: 'S2 → S3', data: [null, 0] },
      ],
    });
  });

  it('draws every stage for other rates, and a missing rate as a gap, not 0', () => {
    const { series } = trendSeries(flow, 'promiseKeptPpm');
    expect(series.map((s) => s.name)).toEqual(['S1', 'S2', 'S3']);
    expect(series[0]!.data).toEqual([null, null]);
    expect(trendSeries(flow, 'amountRatePpm').series[0]!.data).toEqual([34.06, 34.06]);
  });
});

describe('performance2 page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the default months and shows each stage with its next, rates to two decimals', async () => {
    const call = fakeEndpoints([[recoveryApi.stageFlow, () => flow]]);
    renderAt(<StageFlowPage />, '/collection/performance2');
    const first = within((await screen.findByText('2025-01')).closest('tr')!);
    expect(call).toHaveBeenCalledWith(recoveryApi.stageFlow, {});
    expect(first.getByText('S1 → S2')).toBeInTheDocument();
    expect(first.getAllByText('66.67 %')).toHaveLength(2);
    expect(first.getByText('34.06 %')).toBeInTheDocument();
    expect(first.getByText('—')).toBeInTheDocument();
    expect(first.getByText('₹13,762.50', { exact: false })).toBeInTheDocument();
  });
});
