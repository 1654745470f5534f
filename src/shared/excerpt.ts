const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  euro: '€',
  copy: '©',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (entity, code: string) => {
    if (code[0] === '#') {
      const value =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : entity;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? entity;
  });
}

/**
 * Controls other than white space, the marks, embeddings and isolates that turn text's direction
 * (Bidi_Control: U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), the zero-width space, the byte-order mark
 * and lone surrogates: nothing a card's text shows, and a direction override would reorder what follows it.
 * Joiners and variation selectors stay: emoji and some scripts are written with them.
 */
const UNSHOWN = /(?![\t\n\v\f\r])\p{Cc}|[\p{Bidi_Control}\p{Cs}\u200b\ufeff]/gu;

/**
 * The text of an HTML fragment: tags removed (blocks become spaces), basic entities decoded, characters that show
 * nothing dropped, spaces collapsed.
 */
export function plainText(html: string): string {
  const withoutTags = html
    .replace(/<(script|style)\b[^<>]*>[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(
      /<\/?(p|div|h[1-6]|li|ul|ol|br|hr|blockquote|figure|figcaption|table|tr|td|th|pre)\b[^<>]*>/gi,
      ' ',
    )
    .replace(/<[^<>]*>/g, '');
  return decodeEntities(withoutTags).replace(UNSHOWN, '').replace(/\s+/g, ' ').trim();
}

/**
 * A plain-text excerpt of article HTML of at most `max` characters plus '…', cut on a word boundary.
 * Text that already fits is answered whole, without an ellipsis.
 */
export function plainTextExcerpt(html: string, max: number): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > max / 2 ? cut.slice(0, lastSpace) : wholeCharacters(text, max);
  return `${words.replace(/[\s.,;:!?–—-]+$/u, '')}…`;
}

/** The longest start of `text` of at most `max` UTF-16 units that cuts no character as a reader sees one (🇮🇪, 👨‍👩‍👧). */
function wholeCharacters(text: string, max: number): string {
  let end = 0;
  for (const { index, segment } of new Intl.Segmenter().segment(text)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}
