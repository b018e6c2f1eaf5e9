import { describe, expect, it } from 'vitest';
import { cardColumns } from './quick-link-cards.tsx';

describe('the home cards', () => {
  it('fill their rows evenly: one row up to four cards, then three or four a row with the fuller last row', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(cardColumns)).toEqual([1, 2, 3, 4, 3, 3, 4, 4, 3]);
    // Seven kinds of card exist (core HOME_CARDS): a user sees at most seven.
    for (let count = 5; count <= 9; count += 1) {
      const columns = cardColumns(count);
      const last = count % columns || columns;
      expect(last, `${count} cards`).toBeGreaterThanOrEqual(columns - 1);
    }
  });
});
