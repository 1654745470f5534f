/**
 * Text put into HTML, as an element's content or a quoted attribute value: every character HTML gives a
 * meaning there (& < > " ') is escaped. For the page heads, the FAQ editor and the e-mails.
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
