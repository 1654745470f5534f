import { describe, expect, it, vi } from 'vitest';
import { createJobRunner } from './job-runner';

const quietLogger = { info() {}, warn() {}, error: vi.fn() };

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('job runner', () => {
  it('runs a job at start and then every interval until stopped', async () => {
    const runner = createJobRunner(quietLogger);
    let runs = 0;
    runner.add({ name: 'count', intervalMs: 5, run: async () => ++runs });
    runner.start();
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3));
    await runner.stop();
    const stoppedAt = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(stoppedAt);
  });

  it('runs one run of a job at a time: runOnce during a run joins it', async () => {
    const runner = createJobRunner(quietLogger);
    const gate = deferred();
    let runs = 0;
    const job = runner.add({
      name: 'slow',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        await gate.promise;
        return runs;
      },
    });
    const first = job.runOnce();
    const second = job.runOnce();
    gate.resolve();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(await job.runOnce()).toBe(2);
  });

  it('logs a failing run and carries on', async () => {
    const logger = { info() {}, warn() {}, error: vi.fn() };
    const runner = createJobRunner(logger);
    let calls = 0;
    const job = runner.add({
      name: 'flaky',
      intervalMs: 60_000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return 'ok';
      },
    });
    expect(await job.runOnce()).toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'flaky' }),
      'background job failed',
    );
    expect(await job.runOnce()).toBe('ok');
  });

  it('waits for the run under way when stopping, then closes the jobs', async () => {
    const runner = createJobRunner(quietLogger);
    const gate = deferred();
    const events: string[] = [];
    runner.add({
      name: 'closing',
      intervalMs: 60_000,
      run: async () => {
        await gate.promise;
        events.push('run finished');
      },
      close: () => {
        events.push('closed');
      },
    });
    runner.start();
    const stopping = runner.stop();
    gate.resolve();
    await stopping;
    expect(events).toEqual(['run finished', 'closed']);
  });
});
