import { texts } from '../../shared/validation-texts';
import { ApiError, type RequestOptions, sendToApi } from './api-client';

// The back office's file downloads, apart from api-client.ts: the app's start carries that module to every
// public page, which never downloads a file through the API.

/** A file the API answered: its bytes and the name its `Content-Disposition` gives, if any. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | undefined;
}

/**
 * Reads a file from the API with the admin's token (a CSV export, a patient's result: staff-only addresses
 * a plain link cannot open). Failures are ApiErrors, as for apiRequest.
 */
export async function apiDownload(
  url: string,
  options: Pick<RequestOptions, 'signal' | 'headers'> = {},
): Promise<DownloadedFile> {
  const response = await sendToApi(url, options, '*/*');
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, { error_messages: texts.defaultError });
  }
  return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
}

/**
 * The file name of a `Content-Disposition` header: the UTF-8 `filename*` when given, else `filename`
 * (quoted or not); undefined when there is none. Path separators are dropped.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | undefined;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : undefined;
}
