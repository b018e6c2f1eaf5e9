/** The steps a count axis may take: whole numbers a reader counts in. */
const STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];

/**
 * The y-axis of a chart of counts (objects per state, per decade): whole, evenly spaced ticks from 0 to at least the
 * largest count, at most six of them ("0, 1, 2, 3, 4", "0, 2, 4, 6, 8, 10"), never "0, 1, 2, 4".
 */
export function countAxis(largest: number): { domain: [number, number]; ticks: number[] } {
  const max = Math.max(1, Math.ceil(largest));
  const step = STEPS.find((s) => Math.ceil(max / s) <= 5) ?? 10 ** Math.ceil(Math.log10(max / 5));
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  return { domain: [0, top], ticks };
}
