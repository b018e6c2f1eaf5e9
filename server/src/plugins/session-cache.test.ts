import { describe, expect, it } from 'vitest';
import { UserStatus } from '@ecore/core/identity/user-status.ts';
import { createUserCache, type SessionState } from './session-cache.ts';

const active = (sessionVersion = 0): SessionState => ({ sessionVersion, status: UserStatus.Active, locked: false, organisationActive: true });

const cacheOver = (states: Map<number, SessionState>) => {
  const reads: number[] = [];
  let pending: (() => void) | null = null;
  let hold = false;
  const cache = createUserCache<SessionState>({
    read: async (userId) => {
      reads.push(userId);
      const state = states.get(userId) ?? null;
      if (hold) await new Promise<void>((resolve) => (pending = resolve));
      return state;
    },
  });
  return { cache, reads, holdNextRead: () => (hold = true), release: () => ((hold = false), pending?.()) };
};

describe('the session cache', () => {
  it('reads the database every time while it does not hear notifications', async () => {
    const { cache, reads } = cacheOver(new Map([[1, active()]]));
    await cache.get(1);
    await cache.get(1);
    expect(reads).toEqual([1, 1]);
  });

  it('while listening, reads a user once and answers from memory until a notification drops everything', async () => {
    const states = new Map([[1, active()], [2, active()]]);
    const { cache, reads } = cacheOver(states);
    cache.listening(true);
    expect(await cache.get(1)).toEqual(active());
    expect(await cache.get(1)).toEqual(active());
    await cache.get(2);
    expect(reads).toEqual([1, 2]);
    states.set(1, active(1));
    cache.invalidate();
    expect(await cache.get(1)).toEqual(active(1));
    expect(reads).toEqual([1, 2, 1]);
  });

  it('remembers unknown users too, and forgets everything when the notifications stop', async () => {
    const { cache, reads } = cacheOver(new Map());
    cache.listening(true);
    expect(await cache.get(9)).toBeNull();
    expect(await cache.get(9)).toBeNull();
    cache.listening(false);
    await cache.get(9);
    await cache.get(9);
    expect(reads).toEqual([9, 9, 9]);
  });

  it('does not keep a state read while a notification came: it may predate the change', async () => {
    const states = new Map([[1, active()]]);
    const { cache, reads, holdNextRead, release } = cacheOver(states);
    cache.listening(true);
    holdNextRead();
    const before = cache.get(1);
    states.set(1, active(1));
    cache.invalidate();
    release();
    expect(await before).toEqual(active());
    expect(await cache.get(1)).toEqual(active(1));
    expect(reads).toEqual([1, 1]);
  });

  it('resolves a waiter at the next invalidation', async () => {
    const { cache } = cacheOver(new Map());
    const next = cache.nextInvalidation();
    cache.invalidate();
    await expect(next).resolves.toBeUndefined();
  });
});
