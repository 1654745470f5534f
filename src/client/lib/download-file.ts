import { useCallback, useState } from 'react';
import { notifyApiError, useNotify } from '../components/notifications/use-notify';
import { apiDownload } from './api-download';

/**
 * Saves bytes as a file in the browser's downloads, under `fileName` (an object URL clicked through a
 * temporary `<a download>`, released once the click has been handled).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click's download has started (revoking at once can cancel it in some browsers).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a staff-only file of the API (a CSV export, a patient's result or letter) with the admin's
 * bearer token, and saves it as `fileName`, or under the name the server gave it when `fileName` is
 * left out (`fallbackName` if it gave none).
 */
async function downloadFile(
  url: string,
  { fileName, fallbackName = 'download' }: { fileName?: string; fallbackName?: string } = {},
): Promise<void> {
  const file = await apiDownload(url);
  saveBlob(file.blob, fileName ?? file.fileName ?? fallbackName);
}

/**
 * `download(url, options)` for buttons that save a staff-only file: a failure shows the error notice (the
 * server's text, or the default one). `pending` is the URL being downloaded, so its button can say so.
 */
export function useFileDownload() {
  const notify = useNotify();
  const [pending, setPending] = useState<string | null>(null);
  const download = useCallback(
    async (url: string, options?: { fileName?: string; fallbackName?: string }): Promise<boolean> => {
      setPending(url);
      try {
        await downloadFile(url, options);
        return true;
      } catch (error) {
        notifyApiError(notify, error);
        return false;
      } finally {
        setPending(null);
      }
    },
    [notify],
  );
  return { download, pending };
}
