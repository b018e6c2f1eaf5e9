/** A template lock (DOMAIN.md §7): holder, since, last activity; it expires after 30 minutes without activity. */
export const LOCK_IDLE_MS = 30 * 60 * 1000;

export interface TemplateLock {
  userId: number;
  holderName: string;
  since: number;
  lastActivity: number;
}

export type LockDecision =
  | { outcome: 'take' }
  | { outcome: 'refresh' }
  /** Another user holds it: the holder's name and last activity (ms), which the locked notice shows. */
  | { outcome: 'held'; currentLockerName: string; lastActivity: number };

export const isLockExpired = (lock: TemplateLock, now: number): boolean => now - lock.lastActivity >= LOCK_IDLE_MS;

/**
 * Whether `userId` may work on a template now: nobody holds a live lock (take it), the user holds it
 * (refresh it), or another user holds it (423 with that user's name).
 */
export const lockDecision = (lock: TemplateLock | null, userId: number, now: number): LockDecision => {
  if (!lock || isLockExpired(lock, now)) return { outcome: 'take' };
  if (lock.userId === userId) return { outcome: 'refresh' };
  return { outcome: 'held', currentLockerName: lock.holderName, lastActivity: lock.lastActivity };
};

/** Releasing: only the holder (or anybody once it expired) ends a lock. */
export const mayRelease = (lock: TemplateLock | null, userId: number, now: number): boolean =>
  !lock || lock.userId === userId || isLockExpired(lock, now);

/** Revisions: a save must name the revision it read; any other answers 409. */
export const isStale = (stored: number, sent: number): boolean => stored !== sent;
