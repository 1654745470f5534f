import { useFileDownload } from '../../lib/download-file';

/** A list toolbar's 'Export CSV': downloads `url` with the admin's token as `fileName`, saying so meanwhile. */
export function ExportCsvButton({ url, fileName }: { url: string; fileName: string }) {
  const { download, pending } = useFileDownload();
  const exporting = pending !== null;
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-disabled={exporting || undefined}
      aria-busy={exporting || undefined}
      onClick={() => {
        if (!exporting) void download(url, { fileName });
      }}
    >
      {exporting ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
