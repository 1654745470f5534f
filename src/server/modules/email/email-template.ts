import { escapeHtml } from '../../../shared/escape-html';

/**
 * One line of text: control characters (CR, LF, …) and the line and paragraph separators (U+2028, U+2029, which a
 * name stored before the forms refused them may hold) become spaces, so what a person typed stays on its line.
 */
export const oneLine = (value: string) => value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

/** A part of an e-mail's body. */
export type EmailBlock =
  /** A paragraph of one line. */
  | string
  /** Labelled facts, one a line ('Date: 12/03/2027, 10:00–10:30'). */
  | { facts: readonly (readonly [label: string, value: string])[] }
  /** A list, with a title line above it. */
  | { title: string; items: readonly string[] }
  /** A link, with the words that lead to it. */
  | { link: string; text: string }
  /** Text a person wrote, its line breaks kept. */
  | { quote: string };

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

function textOf(block: EmailBlock): string {
  if (typeof block === 'string') return oneLine(block);
  if ('facts' in block) return block.facts.map(([label, value]) => `${label}: ${oneLine(value)}`).join('\n');
  if ('items' in block) return [block.title, ...block.items.map((item) => `- ${oneLine(item)}`)].join('\n');
  if ('link' in block) return `${block.text}: ${block.link}`;
  return block.quote;
}

function htmlOf(block: EmailBlock): string {
  if (typeof block === 'string') return `<p>${escapeHtml(oneLine(block))}</p>`;
  if ('facts' in block) {
    const rows = block.facts.map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(oneLine(value))}</td></tr>`,
    );
    return ['<table>', ...rows, '</table>'].join('\n');
  }
  if ('items' in block) {
    const items = block.items.map((item) => `<li>${escapeHtml(oneLine(item))}</li>`).join('');
    return `<p><strong>${escapeHtml(block.title)}</strong></p>\n<ul>${items}</ul>`;
  }
  if ('link' in block) return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.text)}</a></p>`;
  return `<p>${escapeHtml(block.quote).replace(/\r?\n/g, '<br>')}</p>`;
}

/**
 * Every e-mail the site sends is made here, as plain text and as HTML with the same parts: whatever a person
 * typed is escaped in the HTML and kept on its own line in both, so no one can add markup, links or headers.
 */
export function composeEmail(subject: string, blocks: readonly EmailBlock[]): EmailContent {
  return {
    subject: oneLine(subject),
    text: blocks.map(textOf).join('\n\n'),
    html: blocks.map(htmlOf).join('\n'),
  };
}
