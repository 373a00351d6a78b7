import { describe, expect, it } from 'vitest';
import { REDACTED, redact } from './redact.js';

describe('redact', () => {
  it('replaces passwords and tokens at any depth, whatever the case of the key', () => {
    const out = redact({
      email: 'a@example.com',
      password: 'Secret123',
      nested: { newPassword: 'x', list: [{ TOKEN: 't', oldPassword: 'o', keep: 1 }] },
      confirmPassword: 'y',
    });
    expect(out).toEqual({
      email: 'a@example.com',
      password: REDACTED,
      nested: {
        newPassword: REDACTED,
        list: [{ TOKEN: REDACTED, oldPassword: REDACTED, keep: 1 }],
      },
      confirmPassword: REDACTED,
    });
    expect(JSON.stringify(out)).not.toMatch(/Secret123/);
  });

  it('makes values JSON-safe', () => {
    expect(redact(undefined)).toBeNull();
    expect(redact({ amount: 10n, at: new Date(0), gone: undefined })).toEqual({
      amount: '10',
      at: '1970-01-01T00:00:00.000Z',
    });
  });
});
