import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultMigrationsFolder } from './plugins/db.js';

describe('committed migrations', () => {
  const folder = defaultMigrationsFolder();
  const files = readdirSync(folder).filter((name) => name.endsWith('.sql'));

  it('exist', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('never name a schema, so they follow search_path (run `npm run db:generate -w apps/server`)', () => {
    for (const file of files) {
      expect(readFileSync(path.join(folder, file), 'utf8'), file).not.toContain('"public".');
    }
  });
});
