import type { FastifyBaseLogger } from 'fastify';

export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Background work done inside the server process (DESIGN.md section 1): sending queued e-mail,
 * releasing expired slot holds, deleting abandoned unpaid bookings after 24 hours, reminders, retention. `run` claims the items it works on with one atomic
 * `UPDATE … WHERE … RETURNING` (or `… FOR UPDATE SKIP LOCKED`), so several instances of the app on one
 * PostgreSQL never take the same item twice; it may throw, the runner logs and carries on.
 */
export interface Job<Result = unknown> {
  name: string;
  /** The pause between the end of one run and the start of the next. */
  intervalMs: number;
  run(): Promise<Result>;
  /** Frees what the job holds (a mail transport) once the runner has stopped. */
  close?(): Promise<void> | void;
}

export interface ScheduledJob<Result> {
  /** Runs the job now, or joins the run under way: one run at a time. Never throws. */
  runOnce(): Promise<Result | undefined>;
}

export interface JobRunner {
  add<Result>(job: Job<Result>): ScheduledJob<Result>;
  /** Starts every job: a first run at once, then one every `intervalMs`. */
  start(): void;
  /** Stops scheduling, waits for the runs under way and closes the jobs. */
  stop(): Promise<void>;
}

interface Entry {
  job: Job<unknown>;
  current?: Promise<unknown>;
  timer?: NodeJS.Timeout;
}

export function createJobRunner(logger: JobLogger): JobRunner {
  const entries: Entry[] = [];
  let running = false;

  function runOnce(entry: Entry): Promise<unknown> {
    entry.current ??= entry.job
      .run()
      .catch((error: unknown) => {
        logger.error({ err: error, job: entry.job.name }, 'background job failed');
        return undefined;
      })
      .finally(() => {
        entry.current = undefined;
      });
    return entry.current;
  }

  function runAndSchedule(entry: Entry) {
    void runOnce(entry).finally(() => {
      if (!running) return;
      entry.timer = setTimeout(() => runAndSchedule(entry), entry.job.intervalMs);
      entry.timer.unref();
    });
  }

  return {
    add<Result>(job: Job<Result>): ScheduledJob<Result> {
      const entry: Entry = { job };
      entries.push(entry);
      if (running) runAndSchedule(entry);
      return { runOnce: () => runOnce(entry) as Promise<Result | undefined> };
    },
    start() {
      if (running) return;
      running = true;
      for (const entry of entries) runAndSchedule(entry);
    },
    async stop() {
      running = false;
      for (const entry of entries) clearTimeout(entry.timer);
      await Promise.all(entries.map((entry) => entry.current));
      for (const entry of entries) await entry.job.close?.();
    },
  };
}
