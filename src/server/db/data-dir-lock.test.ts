import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../test/server-process';
import { claimDataDirectory, dataDirectoryHolder, parseProcStat } from './data-dir-lock';

const hasProc = existsSync('/proc/self/stat');

async function statOf(pid: number) {
  const stat = parseProcStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  if (!stat) throw new Error(`no stat for process ${pid}`);
  return stat;
}

describe('parseProcStat', () => {
  it('finds the state and the start time after the last parenthesis, whatever the command’s name holds', () => {
    const rest =
      '5940 5940 4020 0 -1 4194304 100 0 0 0 0 0 0 0 20 0 1 0 490195 3133440 414 18446744073709551615';
    expect(parseProcStat(`5999 (cat) R ${rest}`)).toEqual({ state: 'R', startTime: '490195' });
    expect(parseProcStat(`5999 (a) Z 1 (b) c) ) S ${rest}`)).toEqual({ state: 'S', startTime: '490195' });
    expect(parseProcStat(`5999 (my server) Z ${rest}\n`)).toEqual({ state: 'Z', startTime: '490195' });
  });

  it('answers nothing for a line that is not a stat line', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('5999 cat R 1 2 3')).toBeUndefined();
    expect(parseProcStat('5999 (cat) R 1 2 3')).toBeUndefined();
  });
});

describe('claimDataDirectory', () => {
  let folder: string;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'clinic-lock-'));
    dataDir = path.join(folder, 'db');
  });

  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    }
    await rm(folder, { recursive: true, force: true });
  });

  /** A process that runs until the test ends. */
  function liveProcess(): number {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(child);
    if (!child.pid) throw new Error('no child process');
    return child.pid;
  }

  /**
   * A zombie: a process that has exited and that its parent never reaps. Node reaps its own children as soon as
   * it notices, so the zombie is a grandchild: a shell starts it in the background, then becomes `sleep`, which
   * never waits for a child. The grandchild exits only once its parent is `sleep` (a shell could still reap it
   * before that), and the test waits for the kernel to show it as `Z`. Killing the `sleep` hands it to init,
   * which reaps it.
   */
  async function zombieProcess(): Promise<number> {
    const script = `sh -c 'until [ "$(cat /proc/$PPID/comm)" = sleep ]; do sleep 0.01; done' & echo $!; exec sleep 60`;
    const parent = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(parent);
    if (!parent.stdout) throw new Error('no output from the shell');
    const [line] = (await once(parent.stdout, 'data')) as [Buffer];
    const pid = Number(line.toString().trim());
    await waitFor(
      async () => ((await statOf(pid)).state === 'Z' ? true : undefined),
      `process ${pid} a zombie`,
    );
    return pid;
  }

  const refusal = (pid: number) =>
    `The embedded database in ${dataDir} is in use by another server (process ${pid}). Stop that server first, or set DATA_DIR to another folder.`;

  async function expectTakenOver() {
    expect(await dataDirectoryHolder(dataDir)).toBeUndefined();
    const release = await claimDataDirectory(dataDir);
    expect(Number((await readFile(`${dataDir}.lock`, 'utf8')).split(' ')[0])).toBe(process.pid);
    await release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }

  async function expectRefused(pid: number, lock: string) {
    expect(await dataDirectoryHolder(dataDir)).toBe(pid);
    await expect(claimDataDirectory(dataDir)).rejects.toThrow(refusal(pid));
    // The holder's claim stays as it was.
    await expect(readFile(`${dataDir}.lock`, 'utf8')).resolves.toBe(lock);
  }

  it.skipIf(!hasProc)(
    'records this process’s id and start time, and releases only its own claim',
    async () => {
      const release = await claimDataDirectory(dataDir);
      const lock = `${process.pid} ${(await statOf(process.pid)).startTime}`;
      await expect(readFile(`${dataDir}.lock`, 'utf8')).resolves.toBe(lock);
      expect(await dataDirectoryHolder(dataDir)).toBe(process.pid);
      // Claimed by another meanwhile: the release leaves that claim alone.
      const other = liveProcess();
      await writeFile(`${dataDir}.lock`, String(other));
      await release();
      expect(existsSync(`${dataDir}.lock`)).toBe(true);
    },
  );

  it.skipIf(!hasProc)('refuses a live holder whose start time is the recorded one', async () => {
    const pid = liveProcess();
    const lock = `${pid} ${(await statOf(pid)).startTime}`;
    await writeFile(`${dataDir}.lock`, lock);
    await expectRefused(pid, lock);
  });

  it.skipIf(!hasProc)(
    'takes over a claim whose id another process has taken since (another start time)',
    async () => {
      const pid = liveProcess();
      await writeFile(`${dataDir}.lock`, `${pid} ${Number((await statOf(pid)).startTime) + 1}`);
      await expectTakenOver();
    },
  );

  it.skipIf(!hasProc)(
    'takes over a claim whose holder was killed but not yet reaped (a zombie)',
    async () => {
      const pid = await zombieProcess();
      // The signal 0 the lock used to trust still finds the zombie.
      expect(() => process.kill(pid, 0)).not.toThrow();
      await writeFile(`${dataDir}.lock`, `${pid} ${(await statOf(pid)).startTime}`);
      await expectTakenOver();
      // An older lock file, with the id alone, too.
      await writeFile(`${dataDir}.lock`, String(pid));
      await expectTakenOver();
    },
  );

  it('reads an older lock file holding only an id: a live holder is refused, a gone one taken over', async () => {
    const pid = liveProcess();
    await writeFile(`${dataDir}.lock`, `${pid}\n`);
    await expectRefused(pid, `${pid}\n`);
    const child = children[0];
    child?.kill('SIGKILL');
    if (child) await once(child, 'exit');
    await expectTakenOver();
  });

  it('takes over a gone claim whose remover was itself killed while removing it, and leaves no guard behind', async () => {
    const goneClaim = '999999999 1';
    await writeFile(`${dataDir}.lock`, goneClaim);
    const guard = `${dataDir}.lock.gone-${createHash('sha256').update(goneClaim).digest('hex').slice(0, 16)}`;
    await writeFile(guard, '999999998 1');
    await expectTakenOver();
    expect((await readdir(path.dirname(dataDir))).filter((name) => name.includes('.gone-'))).toEqual([]);
  });

  it('takes over a lock file that names no process', async () => {
    await writeFile(`${dataDir}.lock`, 'not a process');
    await expectTakenOver();
    await writeFile(`${dataDir}.lock`, '');
    await expectTakenOver();
  });
  /**
   * Processes that each claim the folder at the same moment (a line on their input starts them all), then say
   * whether they got it and stay alive holding it until the test ends.
   */
  async function claimsAtOnce(count: number): Promise<string[]> {
    const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');
    const script = `
      const { claimDataDirectory } = await import(${JSON.stringify(lockModule)});
      process.stdin.once('data', () => claimDataDirectory(${JSON.stringify(dataDir)}).then(
        () => console.log('claimed'),
        (error) => console.log(error.message.includes('is in use by another server') ? 'refused' : error.message),
      ));
      console.log('ready');`;
    const racers = Array.from({ length: count }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      children.push(child);
      const lines: string[] = [];
      child.stdout?.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
      return { child, lines };
    });
    await waitFor(
      async () => (racers.every(({ lines }) => lines.includes('ready')) ? true : undefined),
      'every racer ready',
    );
    for (const { child } of racers) child.stdin?.write('go\n');
    await waitFor(
      async () => (racers.every(({ lines }) => lines.length > 1) ? true : undefined),
      'every racer answered',
    );
    return racers.map(({ lines }) => lines[1] ?? '').sort();
  }

  it.skipIf(!hasProc)(
    'lets one of several servers started at the same moment claim the folder, with or without a gone holder’s claim',
    async () => {
      for (let round = 0; round < 6; round += 1) {
        if (round % 2 === 1) await writeFile(`${dataDir}.lock`, '999999999 1');
        expect(await claimsAtOnce(3)).toEqual(['claimed', 'refused', 'refused']);
        for (const child of children.splice(0)) {
          child.kill('SIGKILL');
          await once(child, 'exit');
        }
        await rm(`${dataDir}.lock`, { force: true });
      }
    },
    60_000,
  );
});
