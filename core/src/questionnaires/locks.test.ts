// Template locks and revisions (DOMAIN.md §7; spec 02 §4 "a locked questionnaire opens read-only, showing the locker's name").
import { describe, expect, it } from 'vitest';
import { isLockExpired, isStale, LOCK_IDLE_MS, lockDecision, mayRelease, type TemplateLock } from './locks.ts';

const minutes = (n: number) => n * 60 * 1000;
/** Sven has held the lock since minute 0 and was last active at minute 10. */
const svens: TemplateLock = { userId: 1, holderName: 'Sven Scoring', since: 0, lastActivity: minutes(10) };
const SVEN = 1;
const NINA = 2;

describe('a template lock expires after 30 minutes without activity', () => {
  it('30 minutes are 1 800 000 ms', () => {
    expect(LOCK_IDLE_MS).toBe(1_800_000);
  });

  it('is live up to the last millisecond before the 30 minutes are over, and expired from then on', () => {
    expect(isLockExpired(svens, minutes(10))).toBe(false);
    expect(isLockExpired(svens, minutes(40) - 1)).toBe(false);
    expect(isLockExpired(svens, minutes(40))).toBe(true);
    expect(isLockExpired(svens, minutes(90))).toBe(true);
  });
});

describe('who may work on a template now', () => {
  it.each([
    ['nobody holds a lock', null, NINA, minutes(15), { outcome: 'take' }],
    ['Sven holds it and comes back', svens, SVEN, minutes(15), { outcome: 'refresh' }],
    ['Sven holds it and Nina opens it', svens, NINA, minutes(15), { outcome: 'held', currentLockerName: 'Sven Scoring', lastActivity: minutes(10) }],
    ['Sven left it idle for 30 minutes and Nina opens it', svens, NINA, minutes(40), { outcome: 'take' }],
    ['Sven left it idle for 30 minutes and comes back', svens, SVEN, minutes(40), { outcome: 'take' }],
  ] as const)('%s', (_case, lock, user, now, expected) => {
    expect(lockDecision(lock, user, now)).toEqual(expected);
  });

  it.each([
    ['nobody holds a lock', null, NINA, minutes(15), true],
    ['the holder releases it', svens, SVEN, minutes(15), true],
    ['another user tries while it is live', svens, NINA, minutes(15), false],
    ['another user, once it expired', svens, NINA, minutes(40), true],
  ] as const)('releasing: %s', (_case, lock, user, now, expected) => {
    expect(mayRelease(lock, user, now)).toBe(expected);
  });
});

describe('revisions (a save naming an older one answers 409)', () => {
  it('a save is stale unless it names the stored revision', () => {
    expect(isStale(3, 3)).toBe(false);
    expect(isStale(3, 2)).toBe(true);
    expect(isStale(3, 4)).toBe(true);
  });
});
