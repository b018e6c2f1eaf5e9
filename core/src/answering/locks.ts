/**
 * The lock of a filled questionnaire (DOMAIN.md §7, spec 02 §4 "Locking") is the template editor's lock:
 * holder, since, last activity, expired after 30 minutes without activity, 423 with the holder's name for
 * anybody else. One rule, so it is re-exported here rather than written twice; the lock is per filled
 * questionnaire (docs/answering.md).
 */
export { isLockExpired, LOCK_IDLE_MS, lockDecision, mayRelease, type LockDecision, type TemplateLock as QuestionnaireLock } from '../questionnaires/locks.ts';
