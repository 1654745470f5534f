import { Readable } from 'node:stream';

/** A file of a zip: its bytes now, or read when the zip reaches it (so one file at a time is in memory). */
export interface ZipEntry {
  path: string;
  bytes: Buffer | (() => Promise<Buffer>);
  /** Deflate it (text); stored as is otherwise (PDFs and Word files hardly shrink). */
  compress: boolean;
}

/**
 * A file name safe as one entry of a zip, in any unzip program and on any system: no path (separators, `..`),
 * no control or bidirectional characters, none of Windows' reserved ones, not hidden; letters with fadas kept.
 */
export function zipFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/^[\s.]+/, '')
    .trim()
    .slice(0, 120)
    .trim();
  return cleaned || 'file';
}

/**
 * A zip of `entries`, streamed as it is made (yazl, imported on first use like the other heavy packages). A
 * file that cannot be read ends the stream with an error, so the download fails rather than ending short.
 */
export async function zipStream(entries: readonly ZipEntry[]): Promise<Readable> {
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  for (const entry of entries) {
    const { bytes } = entry;
    const options = { compress: entry.compress };
    if (Buffer.isBuffer(bytes)) {
      zip.addBuffer(bytes, entry.path, options);
      continue;
    }
    zip.addReadStreamLazy(entry.path, options, (done) => {
      bytes().then(
        (loaded) => done(null, Readable.from([loaded], { objectMode: false })),
        (error: unknown) => done(error, undefined as never),
      );
    });
  }
  zip.end();
  return output;
}
