import { afterEach, describe, expect, it, vi } from 'vitest';
import { showsGoToTop, throttle } from './scroll-threshold.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the go-to-top button', () => {
  it('shows only after scrolling more than 250 px', () => {
    expect(showsGoToTop(0)).toBe(false);
    expect(showsGoToTop(250)).toBe(false);
    expect(showsGoToTop(251)).toBe(true);
  });

  it('reads the scroll position at most every 250 ms, and never loses the last one', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const onScroll = throttle((y: number) => seen.push(y), 250);
    onScroll(10);
    onScroll(20);
    onScroll(30);
    expect(seen).toEqual([10]);
    vi.advanceTimersByTime(249);
    expect(seen).toEqual([10]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([10, 30]);
    vi.advanceTimersByTime(1000);
    onScroll(40);
    expect(seen).toEqual([10, 30, 40]);
  });
});
