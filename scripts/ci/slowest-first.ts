import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order Vitest starts test files in (docs/testing.md): the project with the most seconds
 * first, and in each project the slowest files first, from the seconds CI last measured
 * (test-seconds.json, written by `node scripts/check.mjs seconds`). With the long files started
 * early, the short ones fill both cores at the end instead of one long file running alone
 * while the other core waits. Vitest's own order (larger files first on a clean clone) starts
 * the 2.5-minute payout fault simulation in the middle and a simulator file near the end.
 *
 * Files of one project stay together, so a worker that does not isolate files keeps its
 * module graph and databases from one file to the next. Files CI has not timed yet run first.
 */
const SECONDS_FILE = path.join(import.meta.dirname, 'test-seconds.json');

function measuredSeconds(): Record<string, number> {
  return existsSync(SECONDS_FILE)
    ? (JSON.parse(readFileSync(SECONDS_FILE, 'utf8')) as Record<string, number>)
    : {};
}

/** The fields of a test file the order needs (a Vitest TestSpecification has them). */
export interface SpecToOrder {
  moduleId: string;
  project: { name: string; config: { sequence: { groupOrder: number } } };
}

/** `files` in the order to start them, given the seconds measured per file (by path from `root`). */
export function slowestFirst<Spec extends SpecToOrder>(
  files: readonly Spec[],
  seconds: Record<string, number>,
  root: string,
): Spec[] {
  const fileOf = (spec: SpecToOrder) =>
    path.relative(root, spec.moduleId).split(path.sep).join('/');
  const projectSeconds = new Map<string, number>();
  for (const spec of files) {
    const name = spec.project.name;
    projectSeconds.set(name, (projectSeconds.get(name) ?? 0) + (seconds[fileOf(spec)] ?? 0));
  }
  return [...files].sort((a, b) => {
    const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
    if (group !== 0) return group;
    if (a.project.name !== b.project.name) {
      const longer =
        (projectSeconds.get(b.project.name) ?? 0) - (projectSeconds.get(a.project.name) ?? 0);
      return longer !== 0 ? longer : a.project.name < b.project.name ? -1 : 1;
    }
    const timedA = seconds[fileOf(a)];
    const timedB = seconds[fileOf(b)];
    if (timedA === undefined || timedB === undefined) {
      return (timedA === undefined ? -1 : 0) + (timedB === undefined ? 1 : 0);
    }
    return timedB - timedA;
  });
}

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return slowestFirst(files, measuredSeconds(), this.ctx.config.root);
  }
}
