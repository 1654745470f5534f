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

interface ScheduledJob<Result> {
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

/** Told of each job as it is added and of each run as it ends (the metrics). */
export interface JobObserver {
  added?(job: string): void;
  ran(run: { job: string; outcome: 'ok' | 'failed'; seconds: number }): void;
}

interface Entry {
  job: Job<unknown>;
  current?: Promise<unknown>;
  timer?: NodeJS.Timeout;
}

export function createJobRunner(logger: JobLogger, observer?: JobObserver): JobRunner {
  const entries: Entry[] = [];
  let running = false;

  function runOnce(entry: Entry): Promise<unknown> {
    if (entry.current) return entry.current;
    const job = entry.job.name;
    const started = performance.now();
    const report = (outcome: 'ok' | 'failed') => {
      try {
        observer?.ran({ job, outcome, seconds: (performance.now() - started) / 1000 });
      } catch (error) {
        logger.warn({ err: error, job }, 'could not count a background job run');
      }
    };
    entry.current = entry.job
      .run()
      .then(
        (result) => {
          report('ok');
          return result;
        },
        (error: unknown) => {
          logger.error({ err: error, job }, 'background job failed');
          report('failed');
          return undefined;
        },
      )
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
      observer?.added?.(job.name);
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
