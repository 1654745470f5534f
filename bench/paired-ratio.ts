/**
 * How many rounds the bench pairs an app's load with its yardstick's (the API, the cached page). Seven, not five:
 * each API round is a new process, and one process of the same build can cost nearly a third more a request than the
 * next (the team list on PGlite, 2026-11-30: 1.08 to 1.42 ms in five rounds), so five rounds' median still moved
 * by more than the framework's whole cost between runs.
 */
export const PAIRED_ROUNDS = 7;

/**
 * The median of per-round ratios `top[i] / bottom[i]`, rounded down to two places (a ratio shown meeting its
 * target meets it). Each round pairs two loads run one after the other, so a drift of the machine's speed over
 * the bench (the same server measured 0.146 to 0.187 ms of CPU a request within a minute, 2026-11-30) moves both
 * sides of a pair and cancels in its ratio, where the ratio of two medians taken minutes apart keeps it.
 */
export function pairedRatio(top: number[], bottom: number[]): number {
  const ratios = top.map((value, i) => value / Math.max(0.001, bottom[i] ?? 0)).sort((a, b) => a - b);
  const middle = ratios.length / 2;
  const median =
    ratios.length % 2 === 1
      ? (ratios[Math.floor(middle)] ?? 0)
      : ((ratios[middle - 1] ?? 0) + (ratios[middle] ?? 0)) / 2;
  return Math.floor(median * 100) / 100;
}
