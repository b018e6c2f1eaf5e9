import { performance } from 'node:perf_hooks';
import type { UserStatus } from '@ecore/core/identity/user-status.ts';

export interface SessionState {
  sessionVersion: number;
  status: UserStatus;
  locked: boolean;
  organisationActive: boolean;
}

export interface UserCacheOptions<T> {
  /** Reads what is kept of one user from the database. */
  read: (userId: number) => Promise<T | null>;
  /** How long a state read is kept at most (a safety net; notifications drop it at once). */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * Values read from the database and kept while nothing they depend on changed: the cache is used only while
 * the process hears the database's change notifications (`listening`); each notification of a table it
 * depends on drops everything it holds. A read that was under way while a notification came is answered but
 * not kept, so a value read before a change committed never outlives the change's notification.
 */
export function createNotifiedCache<K, T>({ ttlMs = 5000, maxEntries = 50_000 }: { ttlMs?: number; maxEntries?: number } = {}) {
  const entries = new Map<K, { value: T; until: number }>();
  let generation = 0;
  let listening = false;
  const waiting = new Set<() => void>();
  const stats = { reads: 0, hits: 0, invalidations: 0 };

  const invalidate = () => {
    generation += 1;
    stats.invalidations += 1;
    entries.clear();
    for (const resolve of waiting) resolve();
    waiting.clear();
  };

  return {
    stats,
    /** A change notification: every cached value is dropped. */
    invalidate,
    /** Whether notifications are heard; while they are not, every read goes to the database. */
    listening(on: boolean) {
      listening = on;
      invalidate();
    },
    /** Resolves at the next invalidation (tests wait for another process's notification with it). */
    nextInvalidation: () => new Promise<void>((resolve) => waiting.add(resolve)),
    async get(key: K, read: () => Promise<T>): Promise<T> {
      const now = performance.now();
      const cached = listening ? entries.get(key) : undefined;
      if (cached && cached.until > now) {
        stats.hits += 1;
        return cached.value;
      }
      const before = generation;
      stats.reads += 1;
      const value = await read();
      if (listening && generation === before) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, { value, until: now + ttlMs });
      }
      return value;
    },
  };
}

export type NotifiedCache<K, T> = ReturnType<typeof createNotifiedCache<K, T>>;

/** What is known of recently seen users (their session states, their accounts), by user id. */
export function createUserCache<T>({ read, ...options }: UserCacheOptions<T>) {
  const cache = createNotifiedCache<number, T | null>(options);
  return { ...cache, get: (userId: number) => cache.get(userId, () => read(userId)) };
}

export type UserCache<T> = ReturnType<typeof createUserCache<T>>;
