import { fileTypeFromBuffer } from 'file-type';
import { type UploadKind, uploadRules } from '../../../shared/uploads';
import { HttpError } from '../../http/http-errors';
import type { UploadedFile } from '../../http/multipart-form';

export interface CheckedUpload {
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
export async function checkUpload(
  file: UploadedFile,
  kind: UploadKind,
  field: string,
): Promise<CheckedUpload> {
  const rule = uploadRules[kind];
  const refuse = () => new HttpError(415, rule.message, { [field]: [rule.message] });
  if (file.bytes.length === 0)
    throw new HttpError(422, 'The file is empty.', { [field]: ['The file is empty.'] });
  if (!rule.extensions.includes(extensionOf(file.fileName))) throw refuse();
  const detected = await fileTypeFromBuffer(file.bytes);
  if (!detected || !rule.mimeTypes.includes(detected.mime)) throw refuse();
  return { fileName: file.fileName.slice(0, 200), bytes: file.bytes, mimeType: detected.mime };
}
