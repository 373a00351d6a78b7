import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, Suite, TestCase } from '@playwright/test/reporter';

/**
 * Writes what a Playwright run executed to the file CHECK_RESULTS names (scripts/check.mjs sets
 * it): per journey file its time (the sum of its journeys') and its journeys by outcome, and
 * each failed journey with the head of its error.
 */
export default class PlaywrightResults implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: unknown, suite: Suite): void {
    this.root = suite;
  }

  onEnd(): void {
    const target = process.env.CHECK_RESULTS;
    if (!target || !this.root) return;
    const byFile = new Map<
      string,
      { seconds: number; passed: number; failed: number; skipped: number }
    >();
    for (const test of this.root.allTests()) {
      const file = path.relative(process.cwd(), test.location.file);
      const entry = byFile.get(file) ?? { seconds: 0, passed: 0, failed: 0, skipped: 0 };
      entry.seconds += test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
      entry[countOf(test)] += 1;
      byFile.set(file, entry);
    }
    const files = [...byFile].map(([file, entry]) => ({ file, project: 'e2e', ...entry }));
    const failures = this.root
      .allTests()
      .filter((test) => countOf(test) === 'failed')
      .map((test) => ({
        file: path.relative(process.cwd(), test.location.file),
        test: test.titlePath().slice(-1)[0] ?? '',
        error: firstLines(test.results.at(-1)?.error?.message ?? test.outcome()),
      }));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify({ runner: 'playwright', files, failures }, null, 1));
  }
}

/** The head of an error, without colours: enough to tell a failure in a CI log's tail. */
function firstLines(message: string): string {
  return stripVTControlCharacters(message).split('\n').slice(0, 6).join('\n');
}

function countOf(test: TestCase): 'passed' | 'failed' | 'skipped' {
  const outcome = test.outcome();
  if (outcome === 'expected') return 'passed';
  if (outcome === 'skipped') return 'skipped';
  // 'flaky' cannot happen without retries (playwright.config.ts); it would be a failure here.
  return 'failed';
}
