import argon2 from 'argon2';
import type { PasswordHasher } from '@ecore/core/identity/ports.ts';

/** argon2id with the OWASP baseline (19 MiB, 2 passes); tests may lower the cost. */
export const argon2Hasher = (options: { memoryCost?: number; timeCost?: number } = {}): PasswordHasher => {
  const hash = (password: string) =>
    argon2.hash(password, { type: argon2.argon2id, memoryCost: options.memoryCost ?? 19456, timeCost: options.timeCost ?? 2, parallelism: 1 });
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
