/** Upload rules shared by the forms and the API (spec sections 5 and 9, DESIGN.md section 4). */

/** The largest file the API accepts (413 above it). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Bytes of files one visitor address (an IPv6 one by its /64) may send with its bookings in 24 hours, bookings
 * replaced or given up included: a family's letters and results fit many times over; a script storing files
 * does not get far.
 */
export const VISITOR_UPLOAD_BYTES_PER_DAY = 64 * 1024 * 1024;

export const VISITOR_UPLOADS_USED_UP =
  'Your address has sent as many files as the clinic takes in a day. Please book without them and e-mail them to the clinic.';

export type UploadKind = 'image' | 'pdf' | 'document';

export interface UploadRule {
  /** File name extensions a person may choose, without the dot. */
  extensions: readonly string[];
  /** MIME types the file's bytes must be detected as. */
  mimeTypes: readonly string[];
  /** Shown when a file is refused. */
  message: string;
}

export const uploadRules: Record<UploadKind, UploadRule> = {
  image: {
    extensions: ['jpg', 'jpeg', 'png'],
    mimeTypes: ['image/jpeg', 'image/png'],
    message: 'Choose a .jpg, .jpeg or .png image.',
  },
  pdf: {
    extensions: ['pdf'],
    mimeTypes: ['application/pdf'],
    message: 'Choose a .pdf file.',
  },
  document: {
    extensions: ['pdf', 'doc', 'docx'],
    mimeTypes: [
      'application/pdf',
      'application/x-cfb',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    message: 'Choose a .pdf, .doc or .docx file.',
  },
};

/** Widths of the WebP variants made once for every uploaded image. */
export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;

/** The URL of an image's variant `width` pixels wide, for `/uploads/{id}` URLs. */
function imageVariantUrl(url: string, width: number): string {
  return `${url}/w${width}`;
}

/** A `srcset` of an uploaded image's variants (`/uploads/{id}/w400 400w, …`). */
export function imageSrcSet(url: string): string {
  return IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(', ');
}
