import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type RiskBacktestResult,
  type RiskRuleRowApi,
  type RiskVersionRow,
  loanBookApi,
  riskApi,
} from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { RiskRuleConfigPage } from './risk-rule-config-page';
import { RiskRuleListPage } from './risk-rule-list-page';
import { SingleRiskRuleAnalysisPage } from './single-risk-rule-analysis-page';

configure({ asyncUtilTimeout: 20_000 });

const version = (over: Partial<RiskVersionRow>): RiskVersionRow => ({
  id: 1,
  version: 1,
  status: 'published',
  baseScore: 100,
  rejectBelow: 60,
  passAbove: 85,
  overrides: [],
  revision: 1,
  ruleCount: 2,
  enabledRuleCount: 2,
  decidedOrders: 120,
  createdAt: '2026-11-01T04:30:00.000Z',
  publishedAt: '2026-11-01T04:30:00.000Z',
  lastBacktest: null,
  ...over,
});
const backtest = (over: Partial<RiskBacktestResult>): RiskBacktestResult => ({
  id: 9,
  ruleSetId: 2,
  version: 2,
  revision: 3,
  current: true,
  days: 30,
  ranAt: '2026-11-20T04:30:00.000Z',
  evaluated: 400,
  changed: 17,
  transitions: [{ from: 'refer', to: 'reject', count: 17 }],
  draftDecisions: { pass: 100, refer: 200, reject: 100 },
  publishedDecisions: { pass: 100, refer: 217, reject: 83 },
  newlyRejectedLoans: 9,
  newlyRejectedFpdPpm: 333_333,
  newlyRejectedDpd7Ppm: 222_222,
  newlyRejectedDpd30Ppm: null,
  allLoans: 250,
  allLoansFpdPpm: 120_000,
  ...over,
});
const rule = (over: Partial<RiskRuleRowApi>): RiskRuleRowApi => ({
  id: 11,
  ruleSetId: 1,
  version: 1,
  versionStatus: 'published',
  ruleCode: 'R001',
  ruleName: 'Income below ₹10,000 a month',
  className: 'income',
  fieldName: 'monthlyIncomePaise',
  expression: '<',
  comparisonValue: '1000000',
  score: 100,
  weight: 1,
  level: 'hard',
  enable: true,
  ...over,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('riskRuleConfig', () => {
  it('publishes only a draft whose back-test is current: back-test first, then publish after confirming', async () => {
    const draft = version({ id: 2, version: 2, status: 'draft', publishedAt: null, revision: 3 });
    const published = version({});
    const call = fakeEndpoints([
      [riskApi.listRiskVersions, () => ({ list: [draft, published], total: 2 })],
      fakeList(loanBookApi.listLoanConfig, []),
      [
        riskApi.backtestRiskDraft,
        () => {
          draft.lastBacktest = backtest({});
          return draft.lastBacktest;
        },
      ],
      [riskApi.publishRiskDraft, () => ({ ...draft, status: 'published' as const })],
    ]);
    renderAt(<RiskRuleConfigPage />, '/risk/riskRuleConfig');
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    expect(
      screen.getByText('Back-test the draft as it is now before publishing.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Run back-test' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(riskApi.backtestRiskDraft, { id: 2, days: 30 }),
    );
    expect(await screen.findByTestId('backtest-changed')).toHaveTextContent('17');
    expect(screen.getByText('Refer → Reject: 17')).toBeInTheDocument();
    expect(screen.getByText(/FPD 33\.3% · 7\+ days 22\.2% · 30\+ days —/)).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Publish draft version 2\?/)).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(riskApi.publishRiskDraft, expect.anything());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith(riskApi.publishRiskDraft, { id: 2 }));
  });
});

describe('riskRuleList', () => {
  it('says a published version cannot change and offers no edit on its rules', async () => {
    fakeEndpoints([
      [riskApi.listRiskVersions, () => ({ list: [version({})], total: 1 })],
      fakeList(riskApi.listRiskRules, [rule({})]),
    ]);
    renderAt(<RiskRuleListPage />, '/risk/riskRuleList');
    await screen.findByText(/This is the published version 1/);
    const row = within((await screen.findByText('Income below ₹10,000 a month')).closest('tr')!);
    expect(row.getByText('monthlyIncomePaise')).toBeInTheDocument();
    expect(row.getByText('Hard (rejects on hit)')).toBeInTheDocument();
    expect(row.getByRole('button', { name: /Delete/ })).toBeDisabled();
  });
});

describe('singleRiskRuleAnalysis', () => {
  it('shows one rule per day with its figures in a table beside the chart', async () => {
    const call = fakeEndpoints([
      [
        riskApi.singleRiskRuleAnalysis,
        () => ({
          ruleCode: 'R002',
          ruleName: 'Student',
          fieldName: 'occupation',
          days: [
            {
              date: '2026-11-19',
              evaluated: 40,
              hit: 10,
              hitRatePpm: 250_000,
              passRatePpm: 500_000,
              loansHit: 4,
              fpdHitPpm: 250_000,
              fpdNotHitPpm: 100_000,
            },
          ],
        }),
      ],
    ]);
    renderAt(<SingleRiskRuleAnalysisPage />, '/risk/singleRiskRuleAnalysis?ruleCode=R002');
    await screen.findByText('Student (R002) per day');
    expect(call).toHaveBeenCalledWith(riskApi.singleRiskRuleAnalysis, { ruleCode: 'R002' });
    const row = within(screen.getByText('2026-11-19').closest('tr')!);
    expect(row.getAllByText('25.0%')).toHaveLength(2); // hit rate and FPD of hits
    expect(row.getByText('50.0%')).toBeInTheDocument();
    expect(row.getByText('10.0%')).toBeInTheDocument();
  });
});
