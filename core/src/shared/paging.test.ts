import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageItems, PAGE_BUTTONS } from './paging.ts';

const pages = fc.integer({ min: 1, max: 500 }).chain((total) => fc.record({ total: fc.constant(total), current: fc.integer({ min: 1, max: total }) }));

describe('page selector (spec 01 §2)', () => {
  it('always offers the current, the first and the last page', () => {
    fc.assert(
      fc.property(pages, ({ total, current }) => {
        const items = pageItems(current, total);
        expect(items).toContain(current);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
      }),
    );
  });

  it('shows pages in rising order without repeats, and at most five around the current one plus first and last', () => {
    fc.assert(
      fc.property(pages, ({ total, current }) => {
        const numbers = pageItems(current, total).filter((i): i is number => typeof i === 'number');
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers.length).toBeLessThanOrEqual(PAGE_BUTTONS + 2);
      }),
    );
  });

  it('puts an ellipsis exactly where pages are left out', () => {
    fc.assert(
      fc.property(pages, ({ total, current }) => {
        const items = pageItems(current, total);
        items.forEach((item, i) => {
          if (typeof item !== 'number') {
            const before = items[i - 1] as number;
            const after = items[i + 1] as number;
            expect(after - before).toBeGreaterThan(1);
          } else if (typeof items[i + 1] === 'number') {
            expect(items[i + 1]).toBe(item + 1);
          }
        });
      }),
    );
  });

  it('reads as 1 … 4 5 6 7 8 … 20 on page 6 of 20', () => {
    expect(pageItems(6, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8, 'ellipsis-end', 20]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
  });

  it('counts pages and clamps to an existing one', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(11, 5)).toBe(3);
    expect(clampPage(9, 11, 5)).toBe(3);
  });
});
