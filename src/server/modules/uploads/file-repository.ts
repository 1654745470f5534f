import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files } from '../../db/schema';
import type { PreparedUpload } from './upload-checks';

/**
 * Who may fetch a stored file: 'public' files are served at /uploads/{id} to anyone; 'private' ones
 * (patients' letters and results) only through signed-in admin routes. Always stated, never defaulted.
 */
export type FileVisibility = 'public' | 'private';

export interface StoredFileInfo {
  id: string;
  name: string;
  url: string;
}

export function publicFileUrl(id: string): string {
  return `/uploads/${id}`;
}

async function insertFile(
  db: Db,
  values: {
    bytes: Buffer;
    name: string;
    mimeType: string;
    isPublic: boolean;
    variantOf?: string;
    width?: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(files)
    .values({
      bytes: values.bytes,
      sha256: createHash('sha256').update(values.bytes).digest('hex'),
      mimeType: values.mimeType,
      sizeBytes: values.bytes.length,
      originalName: values.name,
      isPublic: values.isPublic,
      variantOf: values.variantOf,
      width: values.width,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('file insert returned no row');
  return row.id;
}

/**
 * Stores a prepared upload and its image variants (call it inside the change's transaction), with the
 * visibility stated: 'public' files are served to anyone, 'private' ones only to signed-in staff.
 */
export async function storeUpload(
  db: Db,
  upload: PreparedUpload,
  visibility: FileVisibility,
): Promise<string> {
  const isPublic = visibility === 'public';
  const id = await insertFile(db, {
    bytes: upload.bytes,
    name: upload.fileName,
    mimeType: upload.mimeType,
    isPublic,
  });
  for (const variant of upload.variants) {
    await insertFile(db, {
      bytes: variant.bytes,
      name: `${upload.fileName.replace(/\.[^.]*$/, '')}-${variant.width}.webp`,
      mimeType: 'image/webp',
      isPublic,
      variantOf: id,
      width: variant.width,
    });
  }
  return id;
}

/** Deletes files (their variants go with them). */
export async function deleteFiles(db: Db, ids: readonly (string | null | undefined)[]): Promise<void> {
  const present = ids.filter((id): id is string => Boolean(id));
  if (present.length > 0) await db.delete(files).where(inArray(files.id, present));
}

/** Name and public URL of stored files, by id (for the admin forms' 'stored file' display). */
export async function fileInfos(
  db: Db,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, StoredFileInfo>> {
  const present = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (present.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id, name: files.originalName })
    .from(files)
    .where(inArray(files.id, present));
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, url: publicFileUrl(row.id) }]));
}

const servedColumns = {
  bytes: files.bytes,
  sha256: files.sha256,
  mimeType: files.mimeType,
  originalName: files.originalName,
};

/** A public file by id; private files (patients' letters and results) are never found here. */
export async function findPublicFile(db: Db, id: string) {
  const [row] = await db
    .select(servedColumns)
    .from(files)
    .where(and(eq(files.id, id), eq(files.isPublic, true)))
    .limit(1);
  return row;
}

/** The variant `width` pixels wide of a public image. */
export async function findPublicImageVariant(db: Db, originalId: string, width: number) {
  const [row] = await db
    .select(servedColumns)
    .from(files)
    .where(and(eq(files.variantOf, originalId), eq(files.width, width), eq(files.isPublic, true)))
    .limit(1);
  return row;
}

/** A private file by id (a patient's letter or result), with its bytes: only for signed-in staff's routes. */
export async function findPrivateFile(db: Db, id: string) {
  const [row] = await db
    .select({ id: files.id, ...servedColumns, sizeBytes: files.sizeBytes })
    .from(files)
    .where(and(eq(files.id, id), eq(files.isPublic, false)))
    .limit(1);
  return row;
}
