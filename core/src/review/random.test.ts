// The seeded generator behind the group sample: the same seed, the same numbers, for anyone who redraws it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSeed, mulberry32, SEED_MAX, seededShuffle } from './random.ts';

describe('mulberry32 and the seeded shuffle', () => {
  it('gives the published mulberry32 sequence for seed 42', () => {
    const next = mulberry32(42);
    expect([next(), next(), next()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
  });

  it('the same seed gives the same numbers, all in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SEED_MAX }), (seed) => {
        const a = mulberry32(seed);
        const b = mulberry32(seed);
        for (let i = 0; i < 20; i += 1) {
          const x = a();
          expect(x).toBe(b());
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(1);
        }
      }),
    );
  });

  it('a shuffle is a permutation of the items, the same for the same seed, and leaves the input alone', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 0, max: SEED_MAX }), (items, seed) => {
        const copy = [...items];
        const shuffled = seededShuffle(items, seed);
        expect(items).toEqual(copy);
        expect([...shuffled].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
        expect(seededShuffle(items, seed)).toEqual(shuffled);
      }),
    );
  });

  it.each([[0, true], [SEED_MAX, true], [-1, false], [SEED_MAX + 1, false], [1.5, false], ['7', false]] as const)('%s is a seed: %s', (n, expected) => {
    expect(isSeed(n)).toBe(expected);
  });
});
