import { describe, expect, it } from 'vitest';
import { createPasswordHasher, productionHashOptions } from './passwords.js';

describe('password hashing', () => {
  it('uses argon2id with m=19456, t=2, p=1 in production', async () => {
    const hasher = createPasswordHasher();
    const stored = await hasher.hash('Admin12345');
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
    expect(match).not.toBeNull();
    expect(match?.slice(1).map(Number)).toEqual([19456, 2, 1]);
    expect(productionHashOptions).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await hasher.verify(stored, 'Admin12345')).toBe(true);
    expect(await hasher.verify(stored, 'Admin123456')).toBe(false);
  });

  it('salts every hash and refuses a corrupt stored hash without throwing', async () => {
    const hasher = createPasswordHasher({ memoryCost: 256, timeCost: 1, parallelism: 1 });
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
    await expect(hasher.verifyDummy('anything')).resolves.toBeUndefined();
  });
});
