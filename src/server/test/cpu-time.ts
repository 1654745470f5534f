/**
 * The CPU time this process spends on `run`, in milliseconds. Cost checks (a hostile body must stay cheap)
 * use it instead of the wall clock, which other work on a busy machine stretches.
 */
export async function cpuMilliseconds(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
