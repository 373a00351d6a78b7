import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riskExpressionProblem } from '@lending/contract';
import {
  compareVersions,
  decide,
  evaluateRules,
  policyFor,
  replay,
  type BacktestCase,
  type BacktestVersion,
  type RiskRule,
} from './risk-rules.js';

const rule = (over: Partial<RiskRule>): RiskRule => ({
  id: 1,
  ruleName: 'r',
  fieldName: 'age',
  expression: '<',
  comparisonValue: '21',
  score: 10,
  weight: 1,
  level: 'soft',
  ...over,
});
const policy = (rejectBelow: number, passAbove: number, baseScore = 100) => ({
  baseScore,
  rejectBelow,
  passAbove,
});

describe('evaluateRules', () => {
  it('records every rule with its value, hit and weighted score; the score is base minus hits', () => {
    const verdict = evaluateRules(
      [
        rule({ id: 1 }),
        rule({
          id: 2,
          fieldName: 'bureau.score',
          expression: '<',
          comparisonValue: '600',
          score: 20,
          weight: 2,
        }),
      ],
      { age: 19, bureau: { score: 700 } },
      policy(50, 80),
    );
    expect(verdict.outcomes).toEqual([
      { ruleId: 1, value: '19', hit: true, score: 10 },
      { ruleId: 2, value: '700', hit: false, score: 0 },
    ]);
    expect(verdict).toMatchObject({
      totalScore: 10,
      score: 90,
      hardFail: false,
      decision: 'pass',
      result: 'pass',
    });
  });

  it('rejects on a hard hit (naming the first), below the reject threshold; refers between', () => {
    const hard = evaluateRules(
      [rule({ id: 7 }), rule({ id: 8, level: 'hard' })],
      { age: 18 },
      policy(0, 0),
    );
    expect(hard).toMatchObject({ decision: 'reject', firstRefusingRuleId: 8 });
    expect(evaluateRules([rule({ score: 60 })], { age: 18 }, policy(50, 70)).decision).toBe(
      'reject',
    );
    expect(evaluateRules([rule({ score: 40 })], { age: 18 }, policy(50, 70)).decision).toBe(
      'refer',
    );
    expect(evaluateRules([rule({ score: 40 })], { age: 18 }, policy(50, 70)).result).toBe('pass');
    expect(evaluateRules([rule({ score: 20 })], { age: 18 }, policy(50, 70)).decision).toBe('pass');
  });

  it('never hits on a missing field; in / notIn read comma lists', () => {
    expect(evaluateRules([rule({})], {}, policy(0, 0)).outcomes[0]).toMatchObject({
      value: null,
      hit: false,
    });
    const lists = evaluateRules(
      [
        rule({ id: 1, fieldName: 'state', expression: 'in', comparisonValue: 'XX, YY' }),
        rule({ id: 2, fieldName: 'state', expression: 'notIn', comparisonValue: 'KA,MH' }),
        rule({ id: 3, fieldName: 'state', expression: '==', comparisonValue: 'YY' }),
      ],
      { state: 'YY' },
      policy(0, 0),
    );
    expect(lists.outcomes.map((o) => o.hit)).toEqual([true, true, true]);
  });

  it('property: more risk points never make the decision better', () => {
    const order = { reject: 0, refer: 1, pass: 2 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: -200, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (score, extra, rejectBelow, gap) => {
          const p = policy(rejectBelow, rejectBelow + gap);
          expect(order[decide(score - extra, p, false)]).toBeLessThanOrEqual(
            order[decide(score, p, false)],
          );
        },
      ),
    );
  });
});

describe('policyFor', () => {
  it('takes the most specific override: product and type, product, type, the version', () => {
    const version = {
      ...policy(10, 20),
      overrides: [
        { productId: null, customerType: 'old' as const, rejectBelow: 1, passAbove: 2 },
        { productId: 5, customerType: 'any' as const, rejectBelow: 3, passAbove: 4 },
        { productId: 5, customerType: 'new' as const, rejectBelow: 5, passAbove: 6 },
      ],
    };
    expect(policyFor(version, 5, 'new')).toMatchObject({ rejectBelow: 5, passAbove: 6 });
    expect(policyFor(version, 5, 'old')).toMatchObject({ rejectBelow: 3, passAbove: 4 });
    expect(policyFor(version, 9, 'old')).toMatchObject({ rejectBelow: 1, passAbove: 2 });
    expect(policyFor(version, 9, 'new')).toMatchObject({ rejectBelow: 10, passAbove: 20 });
  });
});

const ruleArb = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  ruleName: fc.constant('r'),
  fieldName: fc.constantFrom('age', 'bureauScore', 'monthlyIncomePaise', 'region'),
  expression: fc.constantFrom('<' as const, '>=' as const, '==' as const, 'in' as const),
  comparisonValue: fc.constantFrom('21', '650', '1000000', 'KA', 'KA,MH'),
  score: fc.integer({ min: -50, max: 100 }),
  weight: fc.integer({ min: 1, max: 5 }),
  level: fc.constantFrom('hard' as const, 'soft' as const),
});
const versionArb: fc.Arbitrary<BacktestVersion> = fc
  .record({
    baseScore: fc.integer({ min: 0, max: 200 }),
    rejectBelow: fc.integer({ min: -100, max: 100 }),
    gap: fc.integer({ min: 0, max: 100 }),
    rules: fc.array(ruleArb, { maxLength: 6 }),
  })
  .map(({ gap, ...v }) => ({ ...v, passAbove: v.rejectBelow + gap, overrides: [] }));
const caseArb: fc.Arbitrary<BacktestCase> = fc.record({
  features: fc.record({
    age: fc.integer({ min: 18, max: 70 }),
    bureauScore: fc.integer({ min: 300, max: 900 }),
    monthlyIncomePaise: fc.integer({ min: 0, max: 5_000_000 }),
    region: fc.constantFrom('KA', 'MH', 'DL'),
  }),
  productId: fc.integer({ min: 1, max: 3 }),
  customerType: fc.constantFrom('new' as const, 'old' as const),
  checksFailed: fc.constantFrom([], [], ['blacklist:phone']),
});

describe('back-test (compareVersions)', () => {
  it('property: the published version back-tested against itself changes no decision', () => {
    fc.assert(
      fc.property(versionArb, fc.array(caseArb, { maxLength: 30 }), (version, cases) => {
        const result = compareVersions(version, version, cases);
        expect(result.changed).toBe(0);
        expect(result.transitions).toEqual([]);
        expect(result.draftDecisions).toEqual(result.publishedDecisions);
        expect(result.evaluated).toBe(cases.length);
      }),
    );
  });

  it('property: changed counts exactly the cases whose decisions differ; totals add up', () => {
    fc.assert(
      fc.property(versionArb, versionArb, fc.array(caseArb, { maxLength: 30 }), (a, b, cases) => {
        const result = compareVersions(a, b, cases);
        const differing = cases.filter((c) => replay(a, c) !== replay(b, c)).length;
        expect(result.changed).toBe(differing);
        const sum = (r: Record<string, number>) => Object.values(r).reduce((x, y) => x + y, 0);
        expect(sum(result.draftDecisions)).toBe(cases.length);
        expect(sum(result.publishedDecisions)).toBe(cases.length);
      }),
    );
  });

  it('a riskConfig refusal stays a refusal whatever the draft says', () => {
    const lenient: BacktestVersion = { ...policy(-1000, -1000), overrides: [], rules: [] };
    const item: BacktestCase = {
      features: {},
      productId: 1,
      customerType: 'new',
      checksFailed: ['blacklist:pan'],
    };
    expect(replay(lenient, item)).toBe('reject');
  });

  it('a draft that adds a hard rule moves the applicants it hits to reject', () => {
    const published: BacktestVersion = { ...policy(0, 50), overrides: [], rules: [] };
    const draft: BacktestVersion = {
      ...published,
      rules: [
        rule({ id: 1, level: 'hard', fieldName: 'age', expression: '<', comparisonValue: '25' }),
      ],
    };
    const cases = [20, 30, 22].map((age) => ({
      features: { age },
      productId: 1,
      customerType: 'new' as const,
      checksFailed: [],
    }));
    expect(compareVersions(draft, published, cases)).toMatchObject({
      changed: 2,
      transitions: [{ from: 'pass', to: 'reject', count: 2 }],
    });
  });
});

describe('riskExpressionProblem (the field catalogue)', () => {
  it('names the field of a bad expression', () => {
    expect(
      riskExpressionProblem({ fieldName: 'contacts', expression: '>', comparisonValue: '1' }),
    ).toMatchObject({ field: 'fieldName', message: expect.stringContaining('contacts') });
    expect(
      riskExpressionProblem({ fieldName: 'age', expression: 'in', comparisonValue: '1' }),
    ).toMatchObject({ field: 'expression', message: expect.stringContaining('age') });
    expect(
      riskExpressionProblem({ fieldName: 'age', expression: '<', comparisonValue: 'x' }),
    ).toMatchObject({ field: 'comparisonValue', message: 'age: must be a number' });
    expect(
      riskExpressionProblem({
        fieldName: 'customerType',
        expression: 'in',
        comparisonValue: 'new,vip',
      }),
    ).toMatchObject({ field: 'comparisonValue', message: expect.stringContaining('vip') });
    expect(
      riskExpressionProblem({ fieldName: 'age', expression: '<', comparisonValue: '21' }),
    ).toBeNull();
  });
});
