import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes what a Vitest run executed to the file CHECK_RESULTS names (scripts/check.mjs sets it):
 * per test file its project, wall time (import, setup and every test and hook) and its test
 * cases by outcome. scripts/check.mjs prints the counts per stage and the slowest files.
 */
export default class VitestResults implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const target = process.env.CHECK_RESULTS;
    if (!target) return;
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const counts = { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      return {
        file: path.relative(process.cwd(), module.moduleId),
        project: module.project.name,
        seconds:
          (diagnostic.environmentSetupDuration +
            diagnostic.prepareDuration +
            diagnostic.setupDuration +
            diagnostic.collectDuration +
            diagnostic.duration) /
          1000,
        ...counts,
      };
    });
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify({ runner: 'vitest', files }, null, 1));
  }
}
