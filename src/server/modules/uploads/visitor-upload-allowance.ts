import { VISITOR_UPLOAD_BYTES_PER_DAY } from '../../../shared/uploads';
import type { Db } from '../../db/database';
import { DomainError, limitReached } from '../../domain-errors';
import { lockClientUploads, recordClientUpload, uploadedBytesSince } from './client-upload-repository';
import type { RefusedSenders } from './refused-senders';
import { recordVisitorUpload } from './visitor-upload-repository';

/**
 * Told of each visitor's form whose files were taken, and of each sender refused for its address's daily
 * allowance (once a clinic day).
 */
interface VisitorUploadObserver {
  visitorUploadAccepted(upload: { files: number; bytes: number }): void;
  visitorUploadRefused(): void;
}

/** How the app counts visitors' uploads: its observer, and the senders already counted refused today. */
export interface VisitorUploadCounting {
  observer: VisitorUploadObserver;
  refusedSenders: RefusedSenders;
}

const DAY_MS = 24 * 3_600_000;

/** Refuses (429, `visitor_uploads_used_up`) `bytes` more from `client` past its allowance for the last 24 hours. */
export async function checkVisitorUploadAllowance(
  db: Db,
  client: string,
  bytes: number,
  message: string,
): Promise<void> {
  const used = await uploadedBytesSince(db, client, new Date(Date.now() - DAY_MS));
  if (used + bytes > VISITOR_UPLOAD_BYTES_PER_DAY) throw limitReached('visitor_uploads_used_up', message);
}

/**
 * In the form's transaction, under the address's upload lock: the files are checked against the address's allowance
 * (refused past it), then counted in it and in the day's uploads, without the address.
 */
export async function takeVisitorUploadAllowance(
  tx: Db,
  client: string,
  upload: { files: number; bytes: number },
  message: string,
): Promise<void> {
  await lockClientUploads(tx, client);
  await checkVisitorUploadAllowance(tx, client, upload.bytes, message);
  await recordClientUpload(tx, client, upload.bytes);
  await recordVisitorUpload(tx, { ...upload, refused: false });
}

/**
 * Runs a visitor's form (`work`, which may hold a transaction) from `client`: a refusal for the daily allowance is
 * told to the observer and written down among the day's uploads after the work's transaction has rolled back, the
 * first time that sender is refused in the clinic day only (a sender retrying, even with headers alone, counts
 * once), then thrown on.
 */
export async function notingUploadRefusal<T>(
  db: Db,
  counting: VisitorUploadCounting | undefined,
  client: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof DomainError &&
      error.code === 'visitor_uploads_used_up' &&
      (counting?.refusedSenders.firstToday(client) ?? true)
    ) {
      counting?.observer.visitorUploadRefused();
      // The visitor is answered the refusal itself, even when the database cannot take this note of it.
      await recordVisitorUpload(db, { files: 0, bytes: 0, refused: true }).catch(() => undefined);
    }
    throw error;
  }
}
