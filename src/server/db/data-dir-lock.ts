import { open, readFile, rm } from 'node:fs/promises';

/** Whether a process with this id runs on this machine now. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The id of the running process that holds a data folder's claim, or undefined when none does. */
export async function dataDirectoryHolder(directory: string): Promise<number | undefined> {
  const holder = Number((await readFile(`${directory}.lock`, 'utf8').catch(() => '')).trim());
  return Number.isInteger(holder) && holder > 0 && isRunning(holder) ? holder : undefined;
}

/**
 * Claims an embedded database's data folder for this process: embedded PGlite is one process's database, and
 * two servers on one folder would each answer from their own copy (a time held in one is free in the other)
 * and can corrupt it. The claim is a file beside the folder (`<folder>.lock`) holding this process's id; a
 * claim whose process is gone (a server stopped with `kill -9`) is taken over. Answers the release.
 */
export async function claimDataDirectory(directory: string): Promise<() => Promise<void>> {
  const lockPath = `${directory}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const file = await open(lockPath, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      return async () => {
        const holder = Number(await readFile(lockPath, 'utf8').catch(() => ''));
        if (holder === process.pid) await rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `The embedded database in ${directory} is in use by another server (process ${holder}). Stop that server first, or set DATA_DIR to another folder.`,
      );
    }
    // Left by a process that is gone: taken over.
    await rm(lockPath, { force: true });
  }
  throw new Error(`The embedded database in ${directory} could not be claimed (${lockPath}).`);
}
