import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes what a Vitest run executed to the file CHECK_RESULTS names (scripts/check.mjs sets it):
 * per test file its project, wall time (import, setup and every test and hook) and its test
 * cases by outcome, and each failure with the head of its error. scripts/check.mjs prints the counts per stage and the slowest files.
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
    const failures = testModules.flatMap((module) => {
      const file = path.relative(process.cwd(), module.moduleId);
      const failedFile = module.state() === 'failed' && module.children.size === 0;
      const tests = [...module.children.allTests()]
        .filter((test) => test.result().state === 'failed')
        .map((test) => ({
          file,
          test: test.fullName,
          error: firstLines(test.result().errors?.[0]?.message ?? 'failed'),
        }));
      // A file that failed before any test ran (an import or a hook) has no test to name.
      const errors = module.errors();
      return failedFile || (tests.length === 0 && errors.length > 0)
        ? [{ file, test: '(the file)', error: firstLines(errors[0]?.message ?? 'failed') }]
        : tests;
    });
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify({ runner: 'vitest', files, failures }, null, 1));
  }
}

/** The head of an error, without colours: enough to tell a failure in a CI log's tail. */
function firstLines(message: string): string {
  return stripVTControlCharacters(message).split('\n').slice(0, 6).join('\n');
}
