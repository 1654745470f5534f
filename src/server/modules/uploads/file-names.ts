/** A file name safe inside a quoted header value: printable ASCII without quotes, backslashes or separators. */
export function safeAsciiFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\/;]/g, '_')
    .trim()
    .slice(0, 150);
  return cleaned || 'file';
}

/** RFC 5987 `value-chars`: UTF-8, every byte but the attr-chars percent-encoded. */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16)}`);

/**
 * A `content-disposition` that saves the file rather than showing it: its name as safe ASCII, and for a name
 * with other characters (an Irish name's fadas) also the name itself (RFC 6266 `filename*`, RFC 5987), which
 * browsers prefer.
 */
export function attachmentDisposition(name: string): string {
  const ascii = safeAsciiFileName(name);
  const asIs = name.trim().slice(0, 200);
  const plain = `attachment; filename="${ascii}"`;
  return /^[\x20-\x7e]*$/.test(asIs) ? plain : `${plain}; filename*=UTF-8''${rfc5987(asIs)}`;
}
