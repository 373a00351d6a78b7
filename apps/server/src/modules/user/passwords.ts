import { hash, verify } from '@node-rs/argon2';

export interface PasswordHashOptions {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** docs/security.md: argon2id, memory ≥ 19 MiB, t = 2, p = 1 (the OWASP baseline). */
export const productionHashOptions: PasswordHashOptions = {
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, so spelled out here). */
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
  /** Spends one verification on a hash of nothing, so an unknown e-mail costs as much time. */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordHasher(
  options: PasswordHashOptions = productionHashOptions,
): PasswordHasher {
  const argon = { algorithm: ARGON2ID, ...options };
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, argon),
    async verify(storedHash, password) {
      try {
        return await verify(storedHash, password);
      } catch {
        // A corrupt stored hash is a refusal, not a crash.
        return false;
      }
    },
    async verifyDummy(password) {
      dummyHash ??= hash('dummy-password-never-matches-0', argon);
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}
