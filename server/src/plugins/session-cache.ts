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
 * What is known of recently seen users (their session states, their accounts), so that a request needs no
 * database round trip for it. The cache is used only while the process hears the database's change
 * notifications (`listening`); each notification drops everything it holds. A read that was under way while
 * a notification came is answered but not kept, so a state read before a change committed never outlives the
 * change's notification.
 */
export function createUserCache<T>({ read, ttlMs = 5000, maxEntries = 50_000 }: UserCacheOptions<T>) {
  const entries = new Map<number, { state: T | null; until: number }>();
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
    /** A change notification: every cached state is dropped. */
    invalidate,
    /** Whether notifications are heard; while they are not, every check reads the database. */
    listening(on: boolean) {
      listening = on;
      invalidate();
    },
    /** Resolves at the next invalidation (tests wait for another process's notification with it). */
    nextInvalidation: () => new Promise<void>((resolve) => waiting.add(resolve)),
    async get(userId: number): Promise<T | null> {
      const now = performance.now();
      const cached = listening ? entries.get(userId) : undefined;
      if (cached && cached.until > now) {
        stats.hits += 1;
        return cached.state;
      }
      const before = generation;
      stats.reads += 1;
      const state = await read(userId);
      if (listening && generation === before) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(userId, { state, until: now + ttlMs });
      }
      return state;
    },
  };
}

export type UserCache<T> = ReturnType<typeof createUserCache<T>>;
