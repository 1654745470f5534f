import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  closeSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  writeSync,
} from 'node:fs';
import { chmod, copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { projectRoot } from '../project-root';
import { claimDataDirectory, dataDirectoryHolder } from './data-dir-lock';
import { type DatabaseHandle, openDatabase, whilePgliteIsIdle } from './database';

/**
 * Backups of the embedded database (docs/operations.md, "Backups and restore"). A backup file is the data folder as a gzipped tar
 * (`tar tzf` lists it, `tar xzf` unpacks a folder PGlite opens), taken consistently while the database is in use. Uploaded files live in the database (`files`), so it holds every record and every file.
 *
 * The folder belongs to one process at a time (`data-dir-lock.ts`). When no server runs, `npm run backup` claims
 * it and archives it. When a server runs, the command asks that server through a Unix socket beside the folder
 * (`<DATA_DIR>.backup.sock`, for the server's user only): the server copies its folder while its database runs
 * no statement (`whilePgliteIsIdle`; requests that need the database wait for the copy, nothing else does) into
 * a snapshot folder beside it, then streams that snapshot as a tar; the command gzips it into the backup file.
 * No port, no token: who may connect to the socket may read the data folder anyway. Nothing is held in memory:
 * PGlite's own `dumpDataDir` builds the whole tar in the heap (about 3.5 times the folder at its peak, measured),
 * which a clinic keeping its patients' letters in the database would outgrow.
 */

/** The socket a server on `directory` answers backup requests on. */
export function backupSocketPath(directory: string): string {
  return `${directory}.backup.sock`;
}

/** The prefix of the snapshot folders a server copies its folder into while it sends a backup. */
const snapshotPrefix = (directory: string) => `${path.basename(directory)}.backup-snapshot-`;

const REQUEST = 'backup';
/** The longest line either side reads: a request, or the answer's status line. */
const MAX_LINE = 4096;
/** How long the server waits for a backup client that stopped reading before it ends that backup. */
const SEND_IDLE_MS = 60_000;
/** How long `npm run backup` waits for a byte from the server (it copies its whole folder before answering). */
const CLIENT_IDLE_MS = 15 * 60_000;
/** Files of a running PostgreSQL that a copy leaves out (as pg_basebackup does): they describe that process. */
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts']);

/** A refusal the command reports as it is, without a stack: the operator's mistake or the folder's state. */
export class BackupError extends Error {}

// ---------------------------------------------------------------------------------------------------
// The data folder as a tar

const BLOCK = 512;

interface FolderEntry {
  /** Relative to the folder, with `/`. */
  name: string;
  path: string;
  type: 'file' | 'directory';
  size: number;
  mode: number;
  mtime: Date;
}

/** Every folder and file under `root`, each folder before what it holds; anything else (a link) is refused. */
async function listFolder(root: string, relative = ''): Promise<FolderEntry[]> {
  const entries: FolderEntry[] = [];
  const children = await readdir(path.join(root, relative), { withFileTypes: true });
  children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const child of children) {
    const name = relative ? `${relative}/${child.name}` : child.name;
    if (!relative && LEFT_OUT.has(child.name)) continue;
    const full = path.join(root, name);
    if (!child.isFile() && !child.isDirectory()) {
      throw new BackupError(`${full} is neither a file nor a folder: a data folder holds only those.`);
    }
    const info = await stat(full);
    const type = child.isDirectory() ? 'directory' : 'file';
    entries.push({
      name,
      path: full,
      type,
      size: type === 'file' ? info.size : 0,
      mode: info.mode & 0o7777,
      mtime: info.mtime,
    });
    if (type === 'directory') entries.push(...(await listFolder(root, name)));
  }
  return entries;
}

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

/** A ustar header (POSIX tar), as `tar` and PGlite read it. */
function tarHeader(entry: FolderEntry): Buffer {
  const name = entry.type === 'directory' ? `${entry.name}/` : entry.name;
  if (Buffer.byteLength(name) > 100)
    throw new BackupError(`${entry.path}: a name too long for the backup format`);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  header.write(octal(entry.mode, 8), 100, 'latin1');
  header.write(octal(0, 8), 108, 'latin1');
  header.write(octal(0, 8), 116, 'latin1');
  header.write(octal(entry.size, 12), 124, 'latin1');
  header.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136, 'latin1');
  header.write(entry.type === 'directory' ? '5' : '0', 156, 'latin1');
  header.write('ustar\x0000', 257, 'latin1');
  header.fill(32, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return header;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** The size of the tar of `entries`: a header per entry, each file padded to whole blocks, two empty blocks. */
function tarSize(entries: readonly FolderEntry[]): number {
  return entries.reduce((sum, entry) => sum + BLOCK + entry.size + padding(entry.size), 2 * BLOCK);
}

/** The tar of `entries`, read from disk as it is sent; a file whose size changed meanwhile fails it. */
async function* tarOf(entries: readonly FolderEntry[]): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    yield tarHeader(entry);
    if (entry.type !== 'file') continue;
    let read = 0;
    if (entry.size > 0) {
      for await (const chunk of createReadStream(entry.path, { end: entry.size - 1 })) {
        read += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    if (read !== entry.size) throw new Error(`${entry.path} changed size while it was archived`);
    if (padding(entry.size) > 0) yield Buffer.alloc(padding(entry.size));
  }
  yield Buffer.alloc(2 * BLOCK);
}

/** Copies a folder's files and folders (a clone where the file system can: btrfs, XFS, APFS). */
async function copyFolder(from: string, to: string): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  for (const entry of await listFolder(from)) {
    const target = path.join(to, entry.name);
    if (entry.type === 'directory') await mkdir(target, { mode: 0o700 });
    else await copyFile(entry.path, target, constants.COPYFILE_FICLONE);
  }
}

// ---------------------------------------------------------------------------------------------------
// The server's side

/**
 * Reads one line (up to `\n`) from a stream and puts back what came after it, so the bytes that follow can be
 * read (or piped) from the stream as usual.
 */
function readLine(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const finish = (error: Error | undefined, line?: string) => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', finish);
      if (error) reject(error);
      else resolve(line ?? '');
    };
    const onEnd = () => finish(new Error('the connection closed before a whole line came'));
    const onReadable = () => {
      for (
        let chunk = stream.read() as Buffer | null;
        chunk !== null;
        chunk = stream.read() as Buffer | null
      ) {
        buffer = Buffer.concat([buffer, chunk]);
        const end = buffer.indexOf(10);
        if (end !== -1) {
          const rest = buffer.subarray(end + 1);
          finish(undefined, buffer.subarray(0, end).toString('utf8'));
          if (rest.length > 0) stream.unshift(rest);
          return;
        }
        if (buffer.length > MAX_LINE) {
          finish(new Error('a line longer than expected'));
          return;
        }
      }
    };
    stream.on('readable', onReadable);
    stream.on('end', onEnd);
    stream.on('error', finish);
    onReadable();
  });
}

export interface BackupLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Answers `npm run backup` while this server runs on the embedded database in `directory`, one backup at a
 * time. A stale socket or snapshot left by a killed server is removed; a socket the system cannot bind (a path
 * too long for a Unix socket, no Unix sockets) only means backups need the server stopped, which is logged.
 */
export async function serveBackups(
  database: DatabaseHandle,
  directory: string,
  logger: BackupLogger,
): Promise<{ close(): Promise<void> }> {
  const socketPath = backupSocketPath(directory);
  const parent = path.dirname(directory);
  for (const name of await readdir(parent)) {
    if (name.startsWith(snapshotPrefix(directory)))
      await rm(path.join(parent, name), { recursive: true, force: true });
  }
  let queue: Promise<void> = Promise.resolve();
  const sendBackup = async (socket: Socket) => {
    // Gone while it waited its turn: no copy for no one.
    if (socket.destroyed) return;
    // A client that goes, at any point, ends its backup (and the next one's turn comes) instead of holding the
    // queue and a copy of the folder until the server stops.
    const gone = new Promise<never>((_, reject) =>
      socket.once('close', () => reject(new Error('npm run backup went away'))),
    );
    gone.catch(() => undefined);
    const snapshot = path.join(parent, `${snapshotPrefix(directory)}${randomBytes(6).toString('hex')}`);
    let answered = false;
    try {
      const started = performance.now();
      await whilePgliteIsIdle(database, () => copyFolder(directory, snapshot));
      const pausedMs = Math.round(performance.now() - started);
      const entries = await listFolder(snapshot);
      const bytes = tarSize(entries);
      if (socket.destroyed) throw new Error('npm run backup went away');
      socket.write(`OK ${bytes}\n`);
      answered = true;
      // So does one that stops reading.
      socket.setTimeout(SEND_IDLE_MS, () => socket.destroy(new Error('npm run backup stopped reading')));
      const source = Readable.from(tarOf(entries));
      const sending = pipeline(source, socket);
      sending.catch(() => undefined);
      try {
        await Promise.race([sending, gone]);
      } finally {
        source.destroy();
      }
      logger.info({ bytes, pausedMs }, 'backup: the data folder was copied and sent to npm run backup');
    } catch (error) {
      logger.error({ err: error }, 'backup: the data folder could not be sent');
      if (answered) socket.destroy();
      else
        socket.end(
          `ERROR ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ')}\n`,
        );
    } finally {
      await rm(snapshot, { recursive: true, force: true });
    }
  };
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    // A client that connects and says nothing is not kept.
    socket.setTimeout(10_000, () => socket.destroy());
    readLine(socket)
      .then((line) => {
        socket.setTimeout(0);
        if (line.trim() !== REQUEST) {
          socket.end('ERROR unknown request\n');
          return;
        }
        // Read on, so the client's leaving is seen at once (nothing more is expected from it).
        socket.resume();
        queue = queue.then(() => sendBackup(socket));
      })
      .catch(() => socket.destroy());
  });

  await rm(socketPath, { force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // Only the server's own user may ask for the data (the socket is made with the process's umask).
    await chmod(socketPath, 0o600);
  } catch (error) {
    server.close();
    logger.warn(
      { err: error, socket: socketPath },
      'backup: cannot answer npm run backup while this server runs (stop it to back up)',
    );
    return { async close() {} };
  }
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      await rm(socketPath, { force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The command's side

/** Counts the bytes that pass. */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/**
 * A backup being written: `<file>.<pid>-<random>.partial` beside it, so a command killed midway leaves a name the
 * documented clean-up (`clinic-*.tar.gz*`) matches, and the next backup into that folder knows whose it was.
 */
const partialName = (file: string) => `${file}.${process.pid}-${randomBytes(6).toString('hex')}.partial`;
const PARTIAL = /^.+\.(\d+)-[0-9a-f]{12}\.partial$/;

function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Removes the partial backups in `folder` whose command is gone (killed midway), whatever file they were for. */
async function removeAbandonedPartials(folder: string): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const pid = PARTIAL.exec(entry.name)?.[1];
    if (!entry.isFile() || pid === undefined || !processIsGone(Number(pid))) continue;
    await rm(path.join(folder, entry.name), { force: true });
  }
}

/**
 * Writes a tar stream gzipped into `file`, through a partial file beside it that is renamed over it once it is
 * whole and flushed to disk: `file` is either what was there before or the whole backup, never a part. Readable by
 * its owner only (it holds every patient's data). Answers the tar's size, checked against `expectedBytes`.
 */
async function writeBackupFile(tar: Readable, file: string, expectedBytes: number): Promise<number> {
  const temporary = partialName(file);
  const counter = byteCounter();
  try {
    await pipeline(tar, counter, createGzip(), createWriteStream(temporary, { mode: 0o600, flags: 'wx' }));
    if (counter.bytes !== expectedBytes) {
      throw new BackupError(
        `the backup stopped after ${counter.bytes} of ${expectedBytes} bytes: no backup was written`,
      );
    }
    const handle = await open(temporary, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
    return counter.bytes;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Asks the server on `directory` for its folder through its socket; answers the tar stream and its size. */
async function requestBackupFromServer(
  directory: string,
  pid: number,
): Promise<{ tar: Readable; bytes: number }> {
  const socketPath = backupSocketPath(directory);
  const socket = createConnection(socketPath);
  try {
    await once(socket, 'connect');
  } catch (error) {
    socket.destroy();
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      `The embedded database in ${directory} is held by process ${pid}, which does not answer backup requests (${code ?? String(error)} on ${socketPath}): a server still starting, a server of an older version, or a command such as npm run admin. Try again once the server is up, or stop that process and run the backup again.`,
    );
  }
  // The request is sent without ending this side: the server would end its own (and the backup) in answer.
  socket.write(`${REQUEST}\n`);
  // The server copies its folder before it answers; past this long without a byte, it is not coming.
  socket.setTimeout(CLIENT_IDLE_MS, () =>
    socket.destroy(new BackupError(`The server (process ${pid}) stopped answering the backup request.`)),
  );
  const status = await readLine(socket).catch((error: Error) => {
    socket.destroy();
    throw new BackupError(`The server (process ${pid}) did not answer the backup request: ${error.message}`);
  });
  const ok = /^OK (\d+)$/.exec(status);
  if (!ok) {
    socket.destroy();
    throw new BackupError(
      `The server (process ${pid}) could not make the backup: ${status.replace(/^ERROR /, '')}`,
    );
  }
  // The bytes that came with the status line were put back on the socket: piping it carries them on.
  const tar = new PassThrough();
  socket.on('error', (error) => tar.destroy(error));
  socket.pipe(tar);
  return { tar, bytes: Number(ok[1]) };
}

export interface BackupOutcome {
  file: string;
  /** Size of the data folder's tar (the file is that, gzipped). */
  tarBytes: number;
  /** The running server that made the copy, or undefined when the command archived the folder itself. */
  serverPid?: number;
}

/** Backs up the embedded database in `dataDir` into `file`, whether or not a server runs on it. */
export async function backupEmbeddedDatabase(dataDir: string, file: string): Promise<BackupOutcome> {
  const directory = path.resolve(dataDir);
  const target = path.resolve(file);
  if (!existsSync(path.join(directory, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${directory} (DATA_DIR) to back up.`);
  }
  if (existsSync(target) && (await stat(target)).isDirectory()) {
    throw new BackupError(`${target} is a folder: name the backup file to write.`);
  }
  if (target.startsWith(`${directory}${path.sep}`)) {
    throw new BackupError('The backup file cannot be inside the data folder it backs up.');
  }
  if (!existsSync(path.dirname(target))) {
    throw new BackupError(
      `The folder ${path.dirname(target)} does not exist: make it first, then back up into it.`,
    );
  }
  await removeAbandonedPartials(path.dirname(target));
  const pid = await dataDirectoryHolder(directory);
  if (pid !== undefined) {
    const { tar, bytes } = await requestBackupFromServer(directory, pid);
    return { file: target, tarBytes: await writeBackupFile(tar, target, bytes), serverPid: pid };
  }
  // No server: this command claims the folder (a server started meanwhile is refused until it is done), and
  // nothing writes to it while it is archived.
  const release = await claimDataDirectory(directory).catch((error: Error) => {
    throw new BackupError(`${error.message} (It started while the backup began: run the backup again.)`);
  });
  try {
    const entries = await listFolder(directory);
    return {
      file: target,
      tarBytes: await writeBackupFile(Readable.from(tarOf(entries)), target, tarSize(entries)),
    };
  } finally {
    await release();
  }
}

// ---------------------------------------------------------------------------------------------------
// Restore

/** Reads a NUL-terminated text field of a tar header. */
const field = (header: Buffer, start: number, length: number) => {
  const text = header.subarray(start, start + length).toString('latin1');
  const end = text.indexOf('\0');
  return end === -1 ? text : text.slice(0, end);
};

/**
 * One tar header, refused unless it is a whole ustar header with a good checksum, of a file or a folder, whose
 * name stays inside the folder (no `..`, no absolute path: a crafted file cannot write anywhere else).
 */
function parseTarHeader(header: Buffer): { parts: string[]; size: number; type: 'file' | 'directory' } {
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1) {
    sum += index >= 148 && index < 156 ? 32 : (header[index] as number);
  }
  const recorded = Number.parseInt(field(header, 148, 8).trim() || 'x', 8);
  if (!field(header, 257, 6).startsWith('ustar') || recorded !== sum) {
    throw new BackupError('it is not a tar archive (or a damaged one)');
  }
  const prefix = field(header, 345, 155);
  const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
  const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
  const flag = String.fromCharCode(header[156] as number);
  const parts = name.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (
    !Number.isSafeInteger(size) ||
    size < 0 ||
    !['0', '\0', '5'].includes(flag) ||
    parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))
  ) {
    throw new BackupError(`it holds an entry a data folder does not (${JSON.stringify(name)})`);
  }
  return { parts, size, type: flag === '5' ? 'directory' : 'file' };
}

/**
 * Writes the data folder a tar stream holds into `target` (a new folder) as it reads it, a block at a time:
 * only files and folders inside it, and refused (with what was written left for the caller to remove) unless it
 * ends properly and holds PG_VERSION and global/pg_control. Answers how many entries it wrote.
 */
export async function extractDataFolder(tar: Readable, target: string): Promise<number> {
  await mkdir(path.dirname(target), { recursive: true });
  await mkdir(target, { mode: 0o700 });
  const names = new Set<string>();
  let pending = Buffer.alloc(0);
  let file: { fd: number; remaining: number; padding: number } | undefined;
  let ended = false;
  const take = (chunk: Buffer) => {
    let offset = 0;
    while (offset < chunk.length && !ended) {
      if (file && file.remaining > 0) {
        const length = Math.min(file.remaining, chunk.length - offset);
        writeSync(file.fd, chunk, offset, length);
        file.remaining -= length;
        offset += length;
        if (file.remaining === 0) closeSync(file.fd);
        continue;
      }
      if (file && file.padding > 0) {
        const length = Math.min(file.padding, chunk.length - offset);
        file.padding -= length;
        offset += length;
        continue;
      }
      file = undefined;
      const length = Math.min(BLOCK - pending.length, chunk.length - offset);
      pending = Buffer.concat([pending, chunk.subarray(offset, offset + length)]);
      offset += length;
      if (pending.length < BLOCK) continue;
      const header = pending;
      pending = Buffer.alloc(0);
      if (header.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const entry = parseTarHeader(header);
      const destination = path.join(target, ...entry.parts);
      names.add(entry.parts.join('/'));
      if (entry.type === 'directory') {
        mkdirSync(destination, { recursive: true, mode: 0o700 });
        continue;
      }
      mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
      const fd = openSync(destination, 'wx', 0o600);
      file = { fd, remaining: entry.size, padding: padding(entry.size) };
      if (entry.size === 0) closeSync(fd);
    }
  };
  try {
    for await (const chunk of tar) {
      if (ended) continue;
      take(chunk as Buffer);
    }
  } finally {
    if (file && file.remaining > 0) closeSync(file.fd);
  }
  if (!ended) throw new BackupError('it ends before the end of its archive (a copy cut short?)');
  if (!names.has('PG_VERSION') || !names.has('global/pg_control')) {
    throw new BackupError('it is a tar archive, but not of a database data folder');
  }
  return names.size;
}

/** The last migration this version of the app knows (its `when`, as drizzle records it in `created_at`). */
async function latestKnownMigration(): Promise<number> {
  const journal = JSON.parse(
    await readFile(
      path.join(projectRoot, 'src', 'server', 'db', 'migrations', 'meta', '_journal.json'),
      'utf8',
    ),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

export interface RestoreOutcome {
  directory: string;
  /** Where the data folder that was replaced was kept, when there was one. */
  previous?: string;
  counts: Record<'patients' | 'appointments' | 'payments' | 'files' | 'admins', number>;
}

/**
 * Restores a backup into the embedded database's folder `dataDir`, only while no server runs on it (the folder
 * is claimed for the whole restore, so none can start meanwhile). The backup is unpacked into a new folder
 * beside it as it is read (checked entry by entry, never held in memory) and opened there: a file that is not a
 * backup of this app's database is refused with the current folder untouched. Only then is the current folder
 * renamed aside (kept, named in the outcome) and the new one renamed into its place, so the folder is always
 * either the old database or the whole restored one.
 */
export async function restoreEmbeddedDatabase(dataDir: string, file: string): Promise<RestoreOutcome> {
  const directory = path.resolve(dataDir);
  const source = path.resolve(file);
  const notABackup = (why: string) =>
    new BackupError(`${source} is not a backup of the embedded database: ${why}. Nothing was changed.`);
  const head = Buffer.alloc(2);
  try {
    const handle = await open(source, 'r');
    try {
      await handle.read(head, 0, 2, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${source} does not exist.`);
    throw new BackupError(`${source} cannot be read: ${(error as Error).message}`);
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw notABackup('it is not gzipped');

  const holder = await dataDirectoryHolder(directory);
  if (holder !== undefined) {
    throw new BackupError(
      `A server (process ${holder}) is running on the embedded database in ${directory}: stop it, then restore. Nothing was changed.`,
    );
  }
  const release = await claimDataDirectory(directory).catch((error: Error) => {
    throw new BackupError(`${error.message} Nothing was changed.`);
  });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const restoring = `${directory}.restoring-${stamp}`;
  try {
    try {
      await extractDataFolder(createReadStream(source).pipe(createGunzip()), restoring);
    } catch (error) {
      throw error instanceof BackupError
        ? notABackup(error.message)
        : notABackup(`it cannot be read (${(error as Error).message})`);
    }
    const database = await openDatabase({ dataDir: restoring }).catch((error: Error) => {
      throw new BackupError(
        `${source} could not be opened as a database: ${error.message}. Nothing was changed.`,
      );
    });
    let counts: RestoreOutcome['counts'];
    try {
      counts = await checkRestoredDatabase(database, source);
    } finally {
      await database.close();
    }
    let previous: string | undefined;
    if (existsSync(directory)) {
      previous = `${directory}.before-restore-${stamp}`;
      await rename(directory, previous).catch((error: NodeJS.ErrnoException) => {
        throw new BackupError(
          `${directory} could not be moved aside (${error.code ?? error.message}${error.code === 'EBUSY' || error.code === 'EXDEV' ? ': is it a mount point? Mount the volume one folder up and set DATA_DIR to a folder inside it' : ''}). Nothing was changed.`,
        );
      });
    }
    try {
      await rename(restoring, directory);
    } catch (error) {
      if (previous) await rename(previous, directory);
      throw error;
    }
    return { directory, previous, counts };
  } catch (error) {
    await rm(restoring, { recursive: true, force: true });
    throw error;
  } finally {
    await release();
  }
}

/** Refuses a database that is not this app's, or one made by a newer version of it; answers what it holds. */
async function checkRestoredDatabase(
  database: DatabaseHandle,
  source: string,
): Promise<RestoreOutcome['counts']> {
  const notOurs = new BackupError(
    `${source} is a PostgreSQL data folder, but not of the clinic's database. Nothing was changed.`,
  );
  const [tables] = (
    (await database.db.execute(
      sql`select to_regclass('public.files') is not null and to_regclass('drizzle.__drizzle_migrations') is not null as ours`,
    )) as unknown as { rows: { ours: boolean }[] }
  ).rows;
  if (!tables?.ours) throw notOurs;
  const [latest] = (
    (await database.db.execute(
      sql`select coalesce(max(created_at), 0)::bigint::text as latest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { latest: string }[] }
  ).rows;
  if (Number(latest?.latest ?? 0) > (await latestKnownMigration())) {
    throw new BackupError(
      `${source} was made by a newer version of the app (its database has migrations this one does not know): restore it with that version. Nothing was changed.`,
    );
  }
  const [row] = (
    (await database.db.execute(sql`select
      (select count(*) from patients)::int as patients,
      (select count(*) from appointments)::int as appointments,
      (select count(*) from payments)::int as payments,
      (select count(*) from files where variant_of is null)::int as files,
      (select count(*) from admin_users)::int as admins`)) as unknown as { rows: RestoreOutcome['counts'][] }
  ).rows;
  if (!row) throw notOurs;
  return row;
}
