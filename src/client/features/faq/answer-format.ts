import { escapeHtml } from '../../../shared/escape-html';
import { decodeHtmlEntities } from '../../../shared/faq';

/**
 * A plain answer as HTML for the editor, when 'Answer is HTML' is ticked: blank lines separate
 * paragraphs (as the public page shows plain answers), single line breaks become <br>.
 */
export function plainToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * An HTML answer as plain text, when 'Answer is HTML' is unticked: blocks become paragraphs separated
 * by a blank line, <br> a line break, list items lines starting with '- '; the markup is dropped.
 */
export function htmlToPlain(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, '')
    .replace(/\s+/g, (space) => (space.includes('\n') ? ' ' : space))
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^<>]*>\s*/gi, '- ')
    .replace(/<\/li>/gi, '\n')
    .replace(/<\/(p|h[1-6]|blockquote|ul|ol|div|pre|table|figure)>/gi, '\n\n')
    .replace(/<[^<>]*>/g, '');
  return decodeHtmlEntities(text)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t\n]+/g, (space) => (space.includes('\n') ? space.replace(/[ \t]/g, '') : space))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
