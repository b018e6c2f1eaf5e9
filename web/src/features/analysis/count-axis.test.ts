import { describe, expect, it } from 'vitest';
import { countAxis } from './count-axis.ts';

describe('the y-axis of a chart of counts', () => {
  it('has whole, evenly spaced ticks from 0 up to the largest count', () => {
    expect(countAxis(4)).toEqual({ domain: [0, 4], ticks: [0, 1, 2, 3, 4] });
    expect(countAxis(3)).toEqual({ domain: [0, 3], ticks: [0, 1, 2, 3] });
    expect(countAxis(7)).toEqual({ domain: [0, 8], ticks: [0, 2, 4, 6, 8] });
    expect(countAxis(23)).toEqual({ domain: [0, 25], ticks: [0, 5, 10, 15, 20, 25] });
    expect(countAxis(0)).toEqual({ domain: [0, 1], ticks: [0, 1] });
  });

  it('never has more than six ticks and always reaches the largest count, at any size', () => {
    for (let largest = 0; largest <= 20_000; largest += 7) {
      const { domain, ticks } = countAxis(largest);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(domain[1]).toBeGreaterThanOrEqual(largest);
      expect(ticks.at(-1)).toBe(domain[1]);
      const step = ticks[1]! - ticks[0]!;
      expect(Number.isInteger(step)).toBe(true);
      ticks.forEach((tick, i) => expect(tick).toBe(i * step));
    }
  });
});
