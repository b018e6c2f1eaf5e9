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
 * depends on drops everything it holds, or only the entries it names (`drop`, for notifications that carry the
 * keys they concern). A read that was under way while a notification of its key (or of everything) came is
 * answered but not kept, so a value read before a change committed never outlives the change's notification.
 * Entries past their life are let go at the next read, keeping or drop (at most once per life): a kept filled
 * questionnaire is some 100 KB, and thousands read once and left in memory slowed every garbage collection.
 */
export function createNotifiedCache<K, T>({ ttlMs = 5000, maxEntries = 50_000 }: { ttlMs?: number; maxEntries?: number } = {}) {
  /** `origin`: the transaction whose committed change a value shows, when its keeper made that change (`put`). */
  const entries = new Map<K, { value: T; until: number; origin?: string }>();
  let generation = 0;
  /** The generation of the last drop of everything; keyed drops since then, newest last (at most DROP_LOG). */
  let clearedAt = 0;
  const dropped: { generation: number; keys: ReadonlySet<K>; origin?: string | undefined }[] = [];
  const DROP_LOG = 1000;
  let listening = false;
  const waiting = new Set<() => void>();
  const stats = { reads: 0, hits: 0, invalidations: 0, drops: 0 };
  let sweptAt = performance.now();

  /** Lets go of the entries past their life, at most once per life. */
  const sweep = (now: number) => {
    if (now - sweptAt < ttlMs) return;
    sweptAt = now;
    for (const [k, e] of entries) if (e.until <= now) entries.delete(k);
  };

  /** Keeps an entry, letting go of everything when it is full. */
  const keep = (key: K, value: T, now: number, origin?: string) => {
    sweep(now);
    if (entries.size >= maxEntries) entries.clear();
    entries.set(key, { value, until: now + ttlMs, ...(origin !== undefined ? { origin } : {}) });
  };

  const wake = () => {
    for (const resolve of waiting) resolve();
    waiting.clear();
  };

  const invalidate = () => {
    generation += 1;
    clearedAt = generation;
    dropped.length = 0;
    stats.invalidations += 1;
    entries.clear();
    wake();
  };

  /**
   * Whether a read begun at generation `before` may be kept: nothing dropped its key (or everything) since, or only
   * the change of the transaction `own` (its keeper's, whose result it keeps).
   */
  const stillValid = (key: K, before: number, own?: string) => {
    if (generation === before) return true;
    if (clearedAt > before) return false;
    // The log is trimmed from the front: if it no longer reaches back to `before`, assume the key was dropped.
    if (dropped.length === DROP_LOG && dropped[0]!.generation > before + 1) return false;
    return !dropped.some((d) => d.generation > before && d.keys.has(key) && (own === undefined || d.origin !== own));
  };

  return {
    stats,
    /** A change notification: every cached value is dropped. */
    invalidate,
    /**
     * A change notification naming the keys it concerns: only their entries are dropped, except those kept as the
     * change's own transaction (`origin`) left them.
     */
    drop(keys: Iterable<K>, origin?: string) {
      sweep(performance.now());
      const set = new Set(origin === undefined ? keys : [...keys].filter((key) => entries.get(key)?.origin !== origin));
      if (set.size === 0) return;
      generation += 1;
      stats.drops += 1;
      for (const key of set) entries.delete(key);
      dropped.push({ generation, keys: set, origin });
      if (dropped.length > DROP_LOG) dropped.shift();
      wake();
    },
    /** Whether notifications are heard; while they are not, every read goes to the database. */
    listening(on: boolean) {
      listening = on;
      invalidate();
    },
    /** Resolves at the next invalidation or drop (tests wait for another process's notification with it). */
    nextInvalidation: () => new Promise<void>((resolve) => waiting.add(resolve)),
    /** The kept value of a key, if any (no read). */
    peek(key: K): T | undefined {
      const cached = listening ? entries.get(key) : undefined;
      return cached && cached.until > performance.now() ? cached.value : undefined;
    },
    /** How many entries are held, past their life or not (tests). */
    size: () => entries.size,
    /** The point reached in the changes heard: `unchangedSince` tells later whether a key was dropped after it. */
    mark: () => generation,
    /** Whether no change of the key (nor of everything) was heard since `mark` answered `since`, but the one of `own`. */
    unchangedSince: (key: K, since: number, own?: string) => stillValid(key, since, own),
    /**
     * Keeps a value its caller knows to be current, as a read would: what its own change (transaction `origin`) left,
     * just committed, when no other change of the key was heard since it began (`unchangedSince`). That change's own
     * notification, coming later, keeps it. Call it after `drop` of the key, so that reads begun before the change do
     * not overwrite it when they end.
     */
    put(key: K, value: T, origin?: string) {
      if (listening) keep(key, value, performance.now(), origin);
    },
    async get(key: K, read: () => Promise<T>): Promise<T> {
      const now = performance.now();
      sweep(now);
      const cached = listening ? entries.get(key) : undefined;
      if (cached && cached.until > now) {
        stats.hits += 1;
        return cached.value;
      }
      const before = generation;
      stats.reads += 1;
      const value = await read();
      if (listening && stillValid(key, before)) keep(key, value, now);
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
