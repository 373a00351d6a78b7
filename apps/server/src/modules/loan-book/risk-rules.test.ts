import { describe, expect, it } from 'vitest';
import { evaluateRules, type RiskRule } from './risk-rules.js';

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

describe('evaluateRules', () => {
  it('records every rule with its value, hit and weighted score', () => {
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
      50,
    );
    expect(verdict.outcomes).toEqual([
      { ruleId: 1, value: '19', hit: true, score: 10 },
      { ruleId: 2, value: '700', hit: false, score: 0 },
    ]);
    expect(verdict).toMatchObject({ totalScore: 10, hardFail: false, result: 'pass' });
  });

  it('rejects on a hard hit, or a total score above the threshold', () => {
    expect(evaluateRules([rule({ level: 'hard' })], { age: 18 }, 100).result).toBe('reject');
    expect(evaluateRules([rule({ score: 60 })], { age: 18 }, 50).result).toBe('reject');
    expect(evaluateRules([rule({ score: 50 })], { age: 18 }, 50).result).toBe('pass');
  });

  it('never hits on a missing field; in / notIn read comma lists', () => {
    expect(evaluateRules([rule({})], {}, 0).outcomes[0]).toMatchObject({ value: null, hit: false });
    const lists = evaluateRules(
      [
        rule({ id: 1, fieldName: 'state', expression: 'in', comparisonValue: 'XX, YY' }),
        rule({ id: 2, fieldName: 'state', expression: 'notIn', comparisonValue: 'KA,MH' }),
        rule({ id: 3, fieldName: 'state', expression: '==', comparisonValue: 'YY' }),
      ],
      { state: 'YY' },
      100,
    );
    expect(lists.outcomes.map((o) => o.hit)).toEqual([true, true, true]);
  });
});
