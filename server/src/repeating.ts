/**
 * Work a server process repeats in the background (server.ts): a round every `intervalMs` and one at once, never two
 * at the same time, never in a request's path. `stop` waits for the round under way.
 */
export function startRepeating(round: () => Promise<unknown>, failed: (err: unknown) => void, intervalMs: number): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = round()
      .then(() => undefined)
      .catch(failed)
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
