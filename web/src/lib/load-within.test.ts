import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AreaLoadError, LAZY_AREA_TIMEOUT_MS, loadWithin } from './load-within.ts';

const never = () => new Promise<never>(() => undefined);

describe('loading a lazy area', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 120 000 ms, as spec 01 §9 says', () => {
    expect(LAZY_AREA_TIMEOUT_MS).toBe(120_000);
  });

  it('gives the area when it arrives in time, and leaves no timer running', async () => {
    const area = loadWithin(() => Promise.resolve('accounts'), LAZY_AREA_TIMEOUT_MS);
    await expect(area).resolves.toBe('accounts');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives the area that arrives just before the limit', async () => {
    const area = loadWithin(() => new Promise((resolve) => setTimeout(() => resolve('assets'), LAZY_AREA_TIMEOUT_MS - 1)));
    await vi.advanceTimersByTimeAsync(LAZY_AREA_TIMEOUT_MS - 1);
    await expect(area).resolves.toBe('assets');
  });

  it('fails with a timeout once 120 000 ms have passed, and not a millisecond earlier', async () => {
    const settled = vi.fn();
    const area = loadWithin(never);
    area.then(settled, settled);
    await vi.advanceTimersByTimeAsync(LAZY_AREA_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await area.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AreaLoadError);
    expect((error as AreaLoadError).reason).toBe('timeout');
  });

  it('fails at once when the load fails, keeping the cause, and leaves no timer running', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadWithin(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AreaLoadError);
    expect((error as AreaLoadError).reason).toBe('failed');
    expect((error as AreaLoadError).cause).toBe(cause);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails when starting the load throws', async () => {
    const error = await loadWithin(() => {
      throw new Error('no loader');
    }).catch((e: unknown) => e);
    expect((error as AreaLoadError).reason).toBe('failed');
  });
});
