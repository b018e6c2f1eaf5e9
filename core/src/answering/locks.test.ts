// The lock of a filled questionnaire (DOMAIN.md §7): the editor's rule, 30 minutes without activity.
import { describe, expect, it } from 'vitest';
import { lockDecision, LOCK_IDLE_MS, type QuestionnaireLock } from './locks.ts';

describe('the lock of a filled questionnaire', () => {
  const held: QuestionnaireLock = { userId: 1, holderName: 'Carl Collector', since: 0, lastActivity: 1000 };
  it.each<[string, QuestionnaireLock | null, number, number, ReturnType<typeof lockDecision>]>([
    ['nobody holds it: take it', null, 2, 5000, { outcome: 'take' }],
    ['the holder comes back: refresh it', held, 1, 5000, { outcome: 'refresh' }],
    ['someone else within 30 minutes: 423 with the holder\'s name', held, 2, 1000 + LOCK_IDLE_MS - 1, { outcome: 'held', currentLockerName: 'Carl Collector', lastActivity: 1000 }],
    ['someone else after 30 minutes without activity: take it', held, 2, 1000 + LOCK_IDLE_MS, { outcome: 'take' }],
  ])('%s', (_, lock, userId, now, expected) => {
    expect(lockDecision(lock, userId, now)).toEqual(expected);
  });
});
