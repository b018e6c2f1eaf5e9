import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { committedNotifier } from './notifications.ts';

/** A sender whose statements finish when the test says so. */
const slowSender = () => {
  const sent: string[][] = [];
  const finish: (() => void)[] = [];
  const send = (payloads: readonly string[]) =>
    new Promise<void>((resolve) => {
      sent.push([...payloads]);
      finish.push(resolve);
    });
  return { sent, finish, send };
};

describe('notifications after commit, several saves in one statement', () => {
  it('sends at once when nothing is on its way, and the rest together in one statement after it', async () => {
    const { sent, finish, send } = slowSender();
    const notify = committedNotifier(send);
    const first = notify(['a:1@10', 'asset_questionnaires']);
    const second = notify(['a:2@11', 'asset_questionnaires']);
    const third = notify(['a:3@12', 'asset_questionnaires']);
    expect(sent).toEqual([['a:1@10', 'asset_questionnaires']]);
    finish[0]!();
    await first;
    await Promise.resolve();
    expect(sent[1]).toEqual(['a:2@11', 'asset_questionnaires', 'a:3@12']);
    finish[1]!();
    await expect(Promise.all([second, third])).resolves.toEqual([undefined, undefined]);
  });

  it('tells the callers of a statement that failed, and sends the next one all the same', async () => {
    let calls = 0;
    const sent: string[][] = [];
    const notify = committedNotifier(async (payloads) => {
      calls += 1;
      sent.push([...payloads]);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (calls === 2) throw new Error('connection lost');
    });
    const first = notify(['x']);
    const second = notify(['y']);
    const third = notify(['z']);
    await first;
    await expect(second).rejects.toThrow('connection lost');
    await expect(third).rejects.toThrow('connection lost');
    await notify(['w']);
    expect(sent).toEqual([['x'], ['y', 'z'], ['w']]);
  });

  it('sends every payload of every caller, each caller settled after its own was sent, never two statements at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 3 }), { minLength: 1, maxLength: 12 }), async (calls) => {
        const sent: string[][] = [];
        let running = 0;
        let overlapped = false;
        const notify = committedNotifier(async (payloads) => {
          running += 1;
          if (running > 1) overlapped = true;
          await new Promise((resolve) => setTimeout(resolve, 0));
          sent.push([...payloads]);
          running -= 1;
        });
        await Promise.all(
          calls.map(async (payloads) => {
            await notify(payloads);
            const seen = new Set(sent.flat());
            expect(payloads.every((p) => seen.has(p))).toBe(true);
          }),
        );
        expect(overlapped).toBe(false);
        expect(new Set(sent.flat())).toEqual(new Set(calls.flat()));
      }),
      { numRuns: 50 },
    );
  });
});
