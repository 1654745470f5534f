import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, readFile, rm, writeFile } from 'node:fs/promises';

/** Where a process's state and start time are read (Linux); absent on macOS, where only its id can be checked. */
const procFolder = '/proc';

/**
 * A process's state letter and start time (clock ticks since boot) from a line of `/proc/<pid>/stat`, or undefined
 * when the line is not one. The second field, the command's name, is in parentheses and may itself hold spaces and
 * parentheses, so the fields are counted from the last `)`: the state is the third field, the start time the 22nd.
 */
export function parseProcStat(line: string): { state: string; startTime: string } | undefined {
  const afterName = line.lastIndexOf(')');
  if (afterName < 0) return undefined;
  const fields = line
    .slice(afterName + 1)
    .trim()
    .split(/\s+/);
  const [state, startTime] = [fields[0], fields[19]];
  if (!state || !startTime || !/^\d+$/.test(startTime)) return undefined;
  return { state, startTime };
}

/** A process's `/proc` stat, or undefined when there is none to read (the process is gone, or hidden from us). */
async function procStat(pid: number): Promise<{ state: string; startTime: string } | undefined> {
  const line = await readFile(`${procFolder}/${pid}/stat`, 'utf8').catch(() => undefined);
  return line === undefined ? undefined : parseProcStat(line);
}

/** Whether a process with this id exists now, as the kernel answers a signal 0 (a zombie counts). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A claim as the lock file holds it: `<pid> <start time>`, or only `<pid>` where there is no `/proc` (or in an older file). */
interface Claim {
  pid: number;
  startTime?: string;
}

function parseClaim(text: string): Claim | undefined {
  const [pidText, startTime] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return startTime && /^\d+$/.test(startTime) ? { pid, startTime } : { pid };
}

/** A file's text, or undefined when there is no file. */
const readText = (path: string) => readFile(path, 'utf8').catch(() => undefined);

const readClaim = async (lockPath: string) => {
  const text = await readText(lockPath);
  return text === undefined ? undefined : parseClaim(text);
};

/**
 * Whether the claim's process still runs. A process id alone is not enough: a killed server stays a zombie until
 * its parent reaps it (seconds, under a busy supervisor), and after a reboot its id may belong to another process.
 * So the holder lives only when its `/proc` stat shows it neither a zombie (`Z`) nor dead (`X`) and, where the
 * claim recorded one, with the same start time. Without `/proc` (macOS) a signal 0 answers, as it did before.
 */
async function holderRuns(claim: Claim): Promise<boolean> {
  if (!existsSync(`${procFolder}/self/stat`)) return processExists(claim.pid);
  const stat = await procStat(claim.pid);
  // Unreadable: gone, or another user's process hidden by /proc's hidepid, which a signal 0 still tells apart.
  if (!stat) return processExists(claim.pid);
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return claim.startTime === undefined || claim.startTime === stat.startTime;
}

/** The id of the running process that holds a data folder's claim, or undefined when none does. */
export async function dataDirectoryHolder(directory: string): Promise<number | undefined> {
  const claim = await readClaim(`${directory}.lock`);
  return claim && (await holderRuns(claim)) ? claim.pid : undefined;
}

/**
 * Creates `path` holding `text` if no file is there, at once and whole: the text is written to a file of its own,
 * then linked into place, so no process ever reads a claim half written (an empty file read as a gone holder's).
 */
async function createWhole(path: string, text: string): Promise<boolean> {
  const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, text);
  try {
    await link(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}

const inUse = (directory: string, pid: number) =>
  new Error(
    `The embedded database in ${directory} is in use by another server (process ${pid}). Stop that server first, or set DATA_DIR to another folder.`,
  );

/** A short wait before looking again, while another starting server removes the same gone claim. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * Removes `path` if it still holds `goneText`, a claim whose process is gone (or a text that is no claim), one
 * process at a time: servers starting together all find the same gone claim, and a plain read-then-remove could
 * remove the claim another had made in between. The remover first creates a guard named after that very text
 * (`<path>.gone-<hash>`), so only one process handles it, then removes the file only if it still holds that text;
 * a new claim never does, as no two processes share an id and a start time. A guard left by a process killed in
 * that moment is removed the same way in turn. Answers false when a live process holds the guard: look again soon.
 */
async function removeGone(path: string, goneText: string, ownClaim: string): Promise<boolean> {
  const guard = `${path}.gone-${createHash('sha256').update(goneText).digest('hex').slice(0, 16)}`;
  if (!(await createWhole(guard, ownClaim))) {
    const guardText = await readText(guard);
    if (guardText === undefined) return true;
    const remover = parseClaim(guardText);
    if (remover && remover.pid !== process.pid && (await holderRuns(remover))) return false;
    return removeGone(guard, guardText, ownClaim);
  }
  try {
    if ((await readText(path)) === goneText) await rm(path, { force: true });
  } finally {
    await rm(guard, { force: true });
  }
  return true;
}

/** How many times a starting server looks again before it gives up on a claim it can neither make nor refuse. */
const claimAttempts = 1000;

/**
 * Claims an embedded database's data folder for this process: embedded PGlite is one process's database, and
 * two servers on one folder would each answer from their own copy (a time held in one is free in the other)
 * and can corrupt it. The claim is a file beside the folder (`<folder>.lock`) holding this process's id and start
 * time, created whole (`createWhole`); a claim whose process is gone (a server stopped with `kill -9`, even while
 * it is still a zombie, or an id another process has since taken) is taken over (`removeGone`). Of servers started
 * at the same moment, one claims the folder and the others are refused. Answers the release.
 */
export async function claimDataDirectory(directory: string): Promise<() => Promise<void>> {
  const lockPath = `${directory}.lock`;
  const own = await procStat(process.pid);
  const ownClaim = own ? `${process.pid} ${own.startTime}` : String(process.pid);
  for (let attempt = 0; attempt < claimAttempts; attempt += 1) {
    if (await createWhole(lockPath, ownClaim)) {
      return async () => {
        if ((await readClaim(lockPath))?.pid === process.pid) await rm(lockPath, { force: true });
      };
    }
    const text = await readText(lockPath);
    if (text === undefined) continue;
    const holder = parseClaim(text);
    if (holder && holder.pid !== process.pid && (await holderRuns(holder)))
      throw inUse(directory, holder.pid);
    if (!(await removeGone(lockPath, text, ownClaim))) await pause();
  }
  throw new Error(`The embedded database in ${directory} could not be claimed (${lockPath}).`);
}
