/**
 * `work`'s answer, or `onTimeout()`'s once `ms` have passed without one (the work itself is not stopped: what it
 * answers later is dropped). For reads that must not keep a caller waiting: the health check, the metrics' gauges.
 */
export async function withinTime<T>(work: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
