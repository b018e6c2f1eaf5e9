import { describe, expect, it } from 'vitest';
import { UserStatus } from '@ecore/core/identity/user-status.ts';
import { createNotifiedCache, createUserCache, type SessionState } from './session-cache.ts';

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

describe('keyed drops (notifications naming the entries they concern)', () => {
  const keyed = () => {
    const values = new Map([[1, 'one'], [2, 'two']]);
    const reads: number[] = [];
    let release: (() => void) | null = null;
    const cache = createNotifiedCache<number, string>();
    cache.listening(true);
    const read = (key: number, hold = false) =>
      cache.get(key, async () => {
        reads.push(key);
        const value = values.get(key)!;
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return value;
      });
    return { cache, values, reads, read, release: () => release?.() };
  };

  it('drops only the named entries', async () => {
    const { cache, values, reads, read } = keyed();
    await read(1);
    await read(2);
    values.set(1, 'eins');
    cache.drop([1]);
    expect(await read(1)).toBe('eins');
    expect(await read(2)).toBe('two');
    expect(reads).toEqual([1, 2, 1]);
  });

  it('tells whether a key was dropped since a mark, and keeps what it is given while listening', async () => {
    const { cache, reads, read } = keyed();
    const since = cache.mark();
    cache.drop([2]);
    expect(cache.unchangedSince(1, since)).toBe(true);
    expect(cache.unchangedSince(2, since)).toBe(false);
    cache.invalidate();
    expect(cache.unchangedSince(1, since)).toBe(false);
    cache.put(1, 'eins');
    expect(await read(1)).toBe('eins');
    expect(reads).toEqual([]);
    cache.listening(false);
    cache.put(1, 'one');
    expect(cache.peek(1)).toBeUndefined();
  });

  it("keeps a value put by the transaction that changed it when that change's own notification comes, not another's", async () => {
    const { cache, reads, read } = keyed();
    cache.put(1, 'eins', '77');
    cache.drop([1], '77');
    expect(await read(1)).toBe('eins');
    cache.drop([1], '78');
    expect(await read(1)).toBe('one');
    expect(reads).toEqual([1]);
    // Its own notification heard before the value was put: still unchanged for it, changed for anyone else.
    const since = cache.mark();
    cache.drop([2], '77');
    expect(cache.unchangedSince(2, since, '77')).toBe(true);
    expect(cache.unchangedSince(2, since, '78')).toBe(false);
    expect(cache.unchangedSince(2, since)).toBe(false);
  });

  it('does not keep a read under way when its key is dropped, but keeps one of another key', async () => {
    const { cache, values, reads, read, release } = keyed();
    const pending = read(1, true);
    values.set(1, 'eins');
    cache.drop([1]);
    release();
    expect(await pending).toBe('one');
    expect(await read(1)).toBe('eins');
    const other = read(2, true);
    cache.drop([1]);
    release();
    await other;
    await read(2);
    expect(reads).toEqual([1, 1, 2]);
  });

  it('lets go of entries past their life at the next read, keeping or drop, not only when their key is read again', async () => {
    const cache = createNotifiedCache<number, string>({ ttlMs: 20 });
    cache.listening(true);
    for (const key of [1, 2, 3]) await cache.get(key, async () => `value ${key}`);
    expect(cache.size()).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Past their life: read again, and the three old entries are gone with the next one kept.
    expect(await cache.get(4, async () => 'value 4')).toBe('value 4');
    expect(cache.size()).toBe(1);
    expect(cache.peek(4)).toBe('value 4');
    cache.put(5, 'value 5');
    expect(cache.size()).toBe(2);
    // A drop of another key (a save's own questionnaire) lets them go too.
    await new Promise((resolve) => setTimeout(resolve, 30));
    cache.drop([6]);
    expect(cache.size()).toBe(0);
  });
});
