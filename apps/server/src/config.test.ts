import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, []);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      sessionIdleMinutes: 15,
      sessionAbsoluteHours: 8,
      loginMaxFailures: 10,
      loginWindowMinutes: 15,
      productTitle: 'Lending Console',
      demoData: true,
      logLevel: 'info',
      rateLimitPerMinute: 1200,
      trustProxy: false,
    });
    expect(config.consoleDist.endsWith(path.join('apps', 'console', 'dist'))).toBe(true);
  });

  it('reads the environment', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATABASE_URL: 'postgres://u@db:5432/lending',
        DATA_DIR: '/var/lib/lending',
        SESSION_IDLE_MINUTES: '30',
        DEMO_DATA: 'false',
        PRODUCT_TITLE: 'Loans',
        CONSOLE_DIST: '/srv/console',
        LOG_LEVEL: 'warn',
        UNRELATED: 'x',
      },
      [],
    );
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@db:5432/lending',
      dataDir: '/var/lib/lending',
      sessionIdleMinutes: 30,
      demoData: false,
      productTitle: 'Loans',
      consoleDist: '/srv/console',
      logLevel: 'warn',
    });
  });

  it('turns demo data off with --no-demo', () => {
    expect(loadConfig({ DEMO_DATA: 'true' }, ['--no-demo']).demoData).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }, []).port).toBe(8080);
  });

  it('stops on a bad value with a message naming the variable', () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['PORT', '70000'],
      ['SESSION_IDLE_MINUTES', '0'],
      ['DEMO_DATA', 'maybe'],
      ['DATABASE_URL', 'mysql://x'],
      ['LOG_LEVEL', 'loud'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }, [])).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }, [])).toThrow(new RegExp(name));
    }
  });
});
