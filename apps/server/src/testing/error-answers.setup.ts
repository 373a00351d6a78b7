import { afterAll, afterEach } from 'vitest';
import { takeUndeclaredAnswers } from './error-answers.js';

/**
 * Fails the test (or, for answers given in a file's own hooks, the file) during which an
 * endpoint answered an error its definition does not declare (decision 0062).
 */
function failOnUndeclaredAnswers(): void {
  const problems = takeUndeclaredAnswers();
  if (problems.length > 0) {
    throw new Error(`Undeclared error answers:\n- ${problems.join('\n- ')}`);
  }
}

afterEach(failOnUndeclaredAnswers);
afterAll(failOnUndeclaredAnswers);
