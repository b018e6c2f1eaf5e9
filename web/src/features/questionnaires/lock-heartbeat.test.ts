import { describe, expect, it } from 'vitest';
import { LOCK_IDLE_MS } from '@ecore/core/questionnaires/locks.ts';
import {
  createLockHeartbeat,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_THROTTLE_MS,
  HEARTBEAT_TICK_MS,
  refreshDue,
  type RefreshOutcome,
} from './lock-heartbeat.ts';

const MIN = 60 * 1000;

/** A heartbeat against a fake clock and a fake server that records the refreshes it gets. */
const setup = (answers: (() => RefreshOutcome | Promise<RefreshOutcome>)[] = []) => {
  const clock = { now: 0, visible: true };
  const refreshes: number[] = [];
  const lost: string[] = [];
  const heartbeat = createLockHeartbeat({
    now: () => clock.now,
    isVisible: () => clock.visible,
    refresh: async () => {
      refreshes.push(clock.now);
      return (answers.shift() ?? (() => ({ kind: 'ok' }) as const))();
    },
    onLost: (holder) => lost.push(holder),
  });
  /** Lets time pass in ticks, as the editor's timer does. */
  const run = async (until: number) => {
    while (clock.now + HEARTBEAT_TICK_MS <= until) {
      clock.now += HEARTBEAT_TICK_MS;
      await heartbeat.poke('interval');
    }
    clock.now = until;
  };
  return { clock, refreshes, lost, heartbeat, run };
};

describe('the lock heartbeat', () => {
  it('refreshes often enough that the lock never reaches 30 idle minutes during a long edit', async () => {
    const { refreshes, run } = setup();
    await run(3 * 60 * MIN);
    const gaps = [0, ...refreshes].slice(1).map((at, i) => at - [0, ...refreshes][i]!);
    expect(refreshes.length).toBeGreaterThanOrEqual(30);
    expect(Math.max(...gaps)).toBeLessThan(LOCK_IDLE_MS);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(HEARTBEAT_INTERVAL_MS + HEARTBEAT_TICK_MS);
  });

  it('refreshes on edits at most once per throttle period', async () => {
    const { clock, refreshes, heartbeat } = setup();
    for (let s = 0; s < 150; s += 1) {
      clock.now = s * 1000;
      await heartbeat.poke('edit');
    }
    expect(refreshes).toEqual([HEARTBEAT_THROTTLE_MS, 2 * HEARTBEAT_THROTTLE_MS]);
  });

  it('does not refresh while the tab is hidden, and refreshes when it is shown again', async () => {
    const { clock, refreshes, heartbeat, run } = setup();
    clock.visible = false;
    await run(20 * MIN);
    expect(refreshes).toEqual([]);
    clock.visible = true;
    await heartbeat.poke('visible');
    expect(refreshes).toEqual([20 * MIN]);
  });

  it('sends one refresh at a time', async () => {
    let release: (o: RefreshOutcome) => void = () => undefined;
    const { clock, refreshes, heartbeat } = setup([() => new Promise<RefreshOutcome>((resolve) => { release = resolve; })]);
    clock.now = 10 * MIN;
    const first = heartbeat.poke('interval');
    await heartbeat.poke('edit');
    await heartbeat.poke('visible');
    release({ kind: 'ok' });
    await first;
    expect(refreshes).toHaveLength(1);
  });

  it('counts a save as a refresh', async () => {
    const { clock, refreshes, heartbeat } = setup();
    clock.now = 4 * MIN;
    heartbeat.refreshed();
    clock.now = 8 * MIN;
    await heartbeat.poke('interval');
    expect(refreshes).toEqual([]);
    clock.now = 9 * MIN;
    await heartbeat.poke('interval');
    expect(refreshes).toEqual([9 * MIN]);
  });

  it('tries again on the next tick after a failed refresh', async () => {
    const { refreshes, run } = setup([() => ({ kind: 'failed' }), () => { throw new Error('offline'); }]);
    await run(6 * MIN);
    expect(refreshes).toEqual([5 * MIN, 5 * MIN + HEARTBEAT_TICK_MS, 6 * MIN]);
  });

  it('reports a lost lock once, with the new holder, and then stays silent', async () => {
    const { refreshes, lost, heartbeat, run } = setup([() => ({ kind: 'lost', holder: 'Anna Admin' })]);
    await run(60 * MIN);
    await heartbeat.poke('edit');
    expect(lost).toEqual(['Anna Admin']);
    expect(refreshes).toEqual([5 * MIN]);
  });

  it('stays silent once stopped (the editor closed)', async () => {
    const { refreshes, heartbeat, run } = setup();
    heartbeat.stop();
    await run(60 * MIN);
    expect(refreshes).toEqual([]);
  });

  it('decides whether a refresh is due by reason', () => {
    expect(refreshDue(0, HEARTBEAT_INTERVAL_MS - 1, 'interval')).toBe(false);
    expect(refreshDue(0, HEARTBEAT_INTERVAL_MS, 'interval')).toBe(true);
    expect(refreshDue(0, HEARTBEAT_THROTTLE_MS - 1, 'edit')).toBe(false);
    expect(refreshDue(0, HEARTBEAT_THROTTLE_MS, 'visible')).toBe(true);
  });
});
