import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Runs the checker on a fixture tree under fixtures/imports/ (a small repository root). */
const check = (fixture: string) =>
  spawnSync(process.execPath, [path.join(here, 'check-imports.mjs'), fixture], {
    cwd: path.join(here, 'fixtures', 'imports'),
    encoding: 'utf8',
  });

describe('check-imports (part of npm run lint)', () => {
  it('refuses a circle and names its files', () => {
    const result = check('circle');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('1 import circle(s)');
    expect(result.stderr).toMatch(
      /packages\/lending\/src\/a\.ts[\s\S]*packages\/lending\/src\/b\.ts/,
    );
  });

  it('refuses a module importing another module past its index.ts and tables.ts', () => {
    const result = check('deep-import');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('1 import(s) crossing a boundary');
    expect(result.stderr).toContain(
      "apps/server/src/modules/loans/loans.service.ts imports '../people/people.service.js': " +
        'past the public surface of module people',
    );
  });

  it('refuses an adapter importing a module, even through its index.ts, and in its tests', () => {
    const result = check('adapter-imports-module');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('2 import(s) crossing a boundary');
    expect(result.stderr).toContain(
      "apps/server/src/integrations/sms/sms-gateway.ts imports '../../modules/people/index.js': " +
        'an adapter under integrations/ imports nothing from modules/',
    );
    expect(result.stderr).toContain(
      "apps/server/src/integrations/sms/sms-gateway.test.ts imports '../../modules/people/tables.js'",
    );
  });

  it('refuses a console feature importing another feature', () => {
    const result = check('feature-imports-feature');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "apps/console/src/features/orders/orders-page.tsx imports '../wallet/balance': " +
        'feature orders imports no other feature (wallet)',
    );
  });

  it('keeps the server on its floors: shared/ and plugins/ look down only, services take no HTTP types, the harness is for tests', () => {
    const result = check('server-floors');
    expect(result.status).toBe(1);
    // The routes and the test import the access plugin, and the harness imports a service:
    // none of them is listed.
    expect(result.stderr).toContain('4 import(s) crossing a boundary');
    expect(result.stderr).toContain(
      "apps/server/src/modules/loans/loans.factories.ts imports '../../testing/build-test-app': the test harness is for tests",
    );
    expect(result.stderr).toContain(
      "apps/server/src/shared/list-query.ts imports '../plugins/db': shared/ imports only shared/",
    );
    expect(result.stderr).toContain(
      "apps/server/src/plugins/access.ts imports '../modules/loans/index': plugins/ import only plugins/ and shared/",
    );
    expect(result.stderr).toContain(
      "apps/server/src/modules/loans/loans.service.ts imports '../../plugins/access': domain code takes no HTTP types",
    );
  });

  it('keeps the simulator above the modules: through their index.ts only, never imported by one', () => {
    const result = check('simulator-floor');
    expect(result.status).toBe(1);
    // The import through index.ts and the test's reach into a table file are not listed.
    expect(result.stderr).toContain('3 import(s) crossing a boundary');
    expect(result.stderr).toContain(
      "apps/server/src/simulator/world.ts imports '../modules/people/people.service.js': " +
        "the simulator acts through a module's index.ts only (module people)",
    );
    expect(result.stderr).toContain(
      "apps/server/src/simulator/world.ts imports '../modules/people/tables.js': " +
        "the simulator acts through a module's index.ts only (module people)",
    );
    expect(result.stderr).toContain(
      "apps/server/src/modules/people/demo-names.ts imports '../../simulator/prng.js': " +
        'a module never imports the simulator',
    );
  });

  it('passes a tree that keeps every rule (surfaces, the kit, a test reaching in, lazy imports)', () => {
    const result = check('clean');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('no import circles and no boundary crossings among 15 files');
  });
});
