import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '../../../shared/uploads';
import type { Db } from '../../db/database';
import { files } from '../../db/schema';
import { HttpError } from '../../http/http-errors';
import type { CheckedUpload } from './upload-checks';

/** A decompression bomb guard: no image above 40 megapixels is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

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

/** Stores a checked upload as it came (a PDF, a Word document). */
export function storeFile(db: Db, upload: CheckedUpload, visibility: FileVisibility): Promise<string> {
  return insertFile(db, {
    bytes: upload.bytes,
    name: upload.fileName,
    mimeType: upload.mimeType,
    isPublic: visibility === 'public',
  });
}

/**
 * The image re-encoded in its own format without any metadata (EXIF author, GPS position, camera),
 * turned upright first as its EXIF orientation said.
 */
function withoutMetadata(upload: CheckedUpload): Promise<Buffer> {
  const image = sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  return (upload.mimeType === 'image/png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
}

/**
 * Stores an image: the original cleaned of its metadata, plus WebP variants (400 and 800 px wide, never
 * enlarged, without metadata) made once here so pages can serve a `srcset`. An image that cannot be
 * decoded is refused with 422.
 */
export async function storeImage(
  db: Db,
  upload: CheckedUpload,
  field: string,
  visibility: FileVisibility,
): Promise<string> {
  let original: Buffer;
  let variants: { width: number; bytes: Buffer }[];
  try {
    original = await withoutMetadata(upload);
    variants = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (width) => ({
        width,
        bytes: await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
  } catch {
    const message = 'The image could not be read. Choose another .jpg, .jpeg or .png image.';
    throw new HttpError(422, message, { [field]: [message] });
  }
  return db.transaction(async (tx) => {
    const id = await insertFile(tx, {
      bytes: original,
      name: upload.fileName,
      mimeType: upload.mimeType,
      isPublic: visibility === 'public',
    });
    for (const variant of variants) {
      await insertFile(tx, {
        bytes: variant.bytes,
        name: `${upload.fileName.replace(/\.[^.]*$/, '')}-${variant.width}.webp`,
        mimeType: 'image/webp',
        isPublic: visibility === 'public',
        variantOf: id,
        width: variant.width,
      });
    }
    return id;
  });
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
