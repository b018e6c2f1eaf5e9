/**
 * A small deterministic pseudo-random generator for the group sample (DOMAIN.md §4 "a seeded shuffle whose
 * seed is stored"): mulberry32, 32 bits of state. Not for secrets; its one duty is that anyone holding the seed
 * draws the same sample again. The seed itself comes from outside (the server's random source).
 */

/** Seeds are unsigned 32-bit integers: 0 to 4294967295. */
export const SEED_MAX = 0xffffffff;
export const isSeed = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= SEED_MAX;

/** mulberry32: a function giving numbers in [0, 1), the same sequence for the same seed. */
export const mulberry32 = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** Fisher–Yates with mulberry32(seed): a new array, the same order for the same items and seed. */
export const seededShuffle = <T>(items: readonly T[], seed: number): T[] => {
  const next = mulberry32(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};
