// The group sample must be redrawn from its stored seed for as long as the audit log keeps it (DOMAIN.md §4):
// these draws are pinned, so that no change to the generator or the shuffle goes unnoticed (issue 15: the
// mutation score of the review module).
import { describe, expect, it } from 'vitest';
import { mulberry32, SEED_MAX, seededShuffle } from './random.ts';

describe('draws that stored seeds depend on', () => {
  it('seeds 0 and 4294967295 (the ends of the range) give these first numbers', () => {
    const low = mulberry32(0);
    expect([low(), low()]).toEqual([0.26642920868471265, 0.0003297457005828619]);
    const high = mulberry32(SEED_MAX);
    expect([high(), high()]).toEqual([0.8964226141106337, 0.189478256739676]);
  });

  it('ten items shuffled with seeds 42 and 7 come out in these orders', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(seededShuffle(items, 42)).toEqual([1, 8, 4, 6, 3, 2, 9, 10, 5, 7]);
    expect(seededShuffle(items, 7)).toEqual([7, 6, 9, 2, 3, 4, 5, 8, 10, 1]);
  });

  it('no items and one item come back as they are, in a new array', () => {
    const one = [5];
    expect(seededShuffle([], 1)).toEqual([]);
    expect(seededShuffle(one, 1)).toEqual([5]);
    expect(seededShuffle(one, 1)).not.toBe(one);
  });
});
