import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = (dir: string) =>
  spawnSync(process.execPath, [path.join(here, 'check-import-cycles.mjs'), dir], {
    encoding: 'utf8',
  });

describe('check-import-cycles (part of npm run lint)', () => {
  it('refuses a circle and names its files', () => {
    const result = run(path.join(here, 'fixtures', 'import-circle'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('1 import circle(s)');
    expect(result.stderr).toMatch(/import-circle\/a\.ts[\s\S]*import-circle\/b\.ts/);
  });

  it('passes files that depend one way (lazy imports do not count)', () => {
    const result = run(path.join(here, 'fixtures', 'no-circle'));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('no import circles among 2 files');
  });
});
