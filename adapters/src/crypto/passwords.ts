import argon2 from 'argon2';
import type { PasswordHasher } from '@ecore/core/identity/ports.ts';

/**
 * The production cost: the OWASP Password Storage cheat sheet's argon2id baseline (m = 19 MiB, t = 2, p = 1; ASVS
 * 2.4.1). server.ts uses it; only tests lower it (testing/harness.ts).
 */
export const ARGON2_PRODUCTION = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** argon2id at the production cost; tests may lower the cost. */
export const argon2Hasher = (options: { memoryCost?: number; timeCost?: number } = {}): PasswordHasher => {
  const hash = (password: string) =>
    argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: options.memoryCost ?? ARGON2_PRODUCTION.memoryCost,
      timeCost: options.timeCost ?? ARGON2_PRODUCTION.timeCost,
      parallelism: ARGON2_PRODUCTION.parallelism,
    });
  // Unknown users are verified against a hash of the same cost, so that they take as long as known ones.
  let dummy: Promise<string> | undefined;
  return {
    hash,
    verify: async (stored, password) => {
      const target = stored ?? (await (dummy ??= hash('no user has this password 0')));
      try {
        return (await argon2.verify(target, password)) && stored !== null;
      } catch {
        return false;
      }
    },
  };
};
