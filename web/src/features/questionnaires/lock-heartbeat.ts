/**
 * The editor's lock heartbeat (DOMAIN.md §7): a template lock expires after 30 minutes without activity,
 * and typing in the editor is no activity the server sees until the draft is saved. While the editor holds
 * the lock and its tab is visible, it refreshes the lock every few minutes and after edits (throttled), so
 * that a long edit without saving never lets another user take the lock.
 */

/** Regular refresh: well inside the 30 idle minutes, so one or two lost refreshes do not matter. */
export const HEARTBEAT_INTERVAL_MS = 5 * 60 * 1000;
/** Edits and the tab becoming visible refresh at most this often. */
export const HEARTBEAT_THROTTLE_MS = 60 * 1000;
/** How often the editor checks whether a refresh is due (timers of hidden tabs are throttled anyway). */
export const HEARTBEAT_TICK_MS = 30 * 1000;

export type HeartbeatReason = 'interval' | 'edit' | 'visible';

export type RefreshOutcome =
  | { kind: 'ok' }
  /** 423: another user took the lock after it expired. */
  | { kind: 'lost'; holder: string }
  /** Network or server trouble: try again on the next tick. */
  | { kind: 'failed' };

/** Whether a refresh is due for this reason, given when the lock was last refreshed. */
export const refreshDue = (lastRefresh: number, now: number, reason: HeartbeatReason): boolean =>
  now - lastRefresh >= (reason === 'interval' ? HEARTBEAT_INTERVAL_MS : HEARTBEAT_THROTTLE_MS);

export interface HeartbeatDeps {
  refresh: () => Promise<RefreshOutcome>;
  now: () => number;
  isVisible: () => boolean;
  onLost: (holder: string) => void;
}

export interface LockHeartbeat {
  /** Something happened (a tick, an edit, the tab shown again): refresh the lock when it is due. */
  poke: (reason: HeartbeatReason) => Promise<void>;
  /** The lock was refreshed by another call (taking it, saving the draft). */
  refreshed: () => void;
  stop: () => void;
}

/** A heartbeat for a lock the editor has just taken. After a lost lock it stays silent. */
export const createLockHeartbeat = (deps: HeartbeatDeps): LockHeartbeat => {
  let last = deps.now();
  let inFlight = false;
  let stopped = false;
  return {
    poke: async (reason) => {
      if (stopped || inFlight || !deps.isVisible() || !refreshDue(last, deps.now(), reason)) return;
      inFlight = true;
      try {
        const outcome = await deps.refresh().catch((): RefreshOutcome => ({ kind: 'failed' }));
        if (stopped) return;
        if (outcome.kind === 'ok') last = deps.now();
        else if (outcome.kind === 'lost') {
          stopped = true;
          deps.onLost(outcome.holder);
        }
      } finally {
        inFlight = false;
      }
    },
    refreshed: () => {
      last = deps.now();
    },
    stop: () => {
      stopped = true;
    },
  };
};
