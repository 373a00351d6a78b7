import { describe, expect, it } from 'vitest';
import { slowestFirst, type SpecToOrder } from './ci/slowest-first.js';

const spec = (project: string, file: string, groupOrder = 0): SpecToOrder => ({
  moduleId: `/repo/${file}`,
  project: { name: project, config: { sequence: { groupOrder } } },
});
const order = (files: SpecToOrder[], seconds: Record<string, number>) =>
  slowestFirst(files, seconds, '/repo').map((file) => file.moduleId.slice('/repo/'.length));

describe('the order test files start in (part of npm test)', () => {
  it('starts the slowest files of a project first', () => {
    const files = [
      spec('server', 'a.test.ts'),
      spec('server', 'b.test.ts'),
      spec('server', 'c.test.ts'),
    ];
    expect(order(files, { 'a.test.ts': 2, 'b.test.ts': 170, 'c.test.ts': 40 })).toEqual([
      'b.test.ts',
      'c.test.ts',
      'a.test.ts',
    ]);
  });

  it('keeps a project’s files together, the project with the most seconds first', () => {
    const files = [
      spec('console', 'x.test.tsx'),
      spec('server', 'a.test.ts'),
      spec('console', 'y.test.tsx'),
      spec('server', 'b.test.ts'),
    ];
    const seconds = { 'x.test.tsx': 30, 'y.test.tsx': 20, 'a.test.ts': 25, 'b.test.ts': 60 };
    expect(order(files, seconds)).toEqual(['b.test.ts', 'a.test.ts', 'x.test.tsx', 'y.test.tsx']);
  });

  it('starts files no run has timed yet before the timed ones, and keeps Vitest’s groups', () => {
    const files = [
      spec('server', 'old.test.ts'),
      spec('server', 'new.test.ts'),
      spec('late', 'late.test.ts', 1),
    ];
    expect(order(files, { 'old.test.ts': 99, 'late.test.ts': 500 })).toEqual([
      'new.test.ts',
      'old.test.ts',
      'late.test.ts',
    ]);
  });
});
