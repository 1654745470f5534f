import type Sharp from 'sharp';
import type { FormFile } from '../../../shared/api/common-schemas';
import { IMAGE_VARIANT_WIDTHS, type UploadKind, uploadRules } from '../../../shared/uploads';
import { fieldError, refused, unsupported } from '../../domain-errors';

interface CheckedUpload {
  fileName: string;
  bytes: Buffer;
  /** Detected from the bytes, never taken from the name or the declared type. */
  mimeType: string;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Accepts a file only when its name has an allowed extension and its bytes are of an allowed type
 * (DESIGN.md section 4): a script named `.pdf` or an SVG named `.png` is refused with 415.
 */
async function checkUpload(file: FormFile, kind: UploadKind, field: string): Promise<CheckedUpload> {
  const rule = uploadRules[kind];
  const refuse = () => unsupported('file_type_refused', rule.message, fieldError(field, rule.message));
  if (file.bytes.length === 0)
    throw refused('file_empty', 'The file is empty.', fieldError(field, 'The file is empty.'));
  if (!rule.extensions.includes(extensionOf(file.fileName))) throw refuse();
  // file-type and sharp are imported on the first upload: together they cost a start about 100 ms.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(file.bytes);
  if (!detected || !rule.mimeTypes.includes(detected.mime)) throw refuse();
  // A view, not a copy: a 10 MB letter is held once (the form's bytes are never changed afterwards).
  const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  return { fileName: file.fileName.slice(0, 200), bytes, mimeType: detected.mime };
}

/** A decompression bomb guard: no image above 40 megapixels is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/** An upload ready to store: checked, and for an image cleaned of metadata with its WebP variants made. */
export interface PreparedUpload extends CheckedUpload {
  variants: { width: number; bytes: Buffer }[];
}

/**
 * The image re-encoded in its own format without any metadata (EXIF author, GPS position, camera),
 * turned upright first as its EXIF orientation said.
 */
function withoutMetadata(sharp: typeof Sharp, upload: CheckedUpload): Promise<Buffer> {
  const image = sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  return (upload.mimeType === 'image/png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
}

/**
 * Checks an upload from its bytes and, for an image, makes what is stored: the original without its
 * metadata and WebP copies 400 and 800 px wide (never enlarged) for `srcset`. Slow work, done before the
 * change's transaction opens; an image that cannot be decoded answers 422.
 */
export async function prepareUpload(
  file: FormFile,
  kind: UploadKind,
  field: string,
): Promise<PreparedUpload> {
  const checked = await checkUpload(file, kind, field);
  if (kind !== 'image') return { ...checked, variants: [] };
  const { default: sharp } = await import('sharp');
  try {
    const [bytes, ...variants] = await Promise.all([
      withoutMetadata(sharp, checked),
      ...IMAGE_VARIANT_WIDTHS.map((width) =>
        sharp(checked.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      ),
    ]);
    return {
      ...checked,
      bytes,
      variants: variants.map((variant, index) => ({ width: IMAGE_VARIANT_WIDTHS[index]!, bytes: variant })),
    };
  } catch {
    const message = 'The image could not be read. Choose another .jpg, .jpeg or .png image.';
    throw refused('file_unreadable', message, fieldError(field, message));
  }
}
