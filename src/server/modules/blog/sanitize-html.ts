import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';
import { isSiteLink } from '../../../shared/site-link';

const SAFE_LINK = /^(https?:|mailto:)/i;
const SAFE_IMAGE = /^(https?:\/\/|\/uploads\/)/i;

function isExternal(href: string): boolean {
  return /^https?:/i.test(href);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      if (!SAFE_LINK.test(href) && !isSiteLink(href)) return { tagName, attribs: {} };
      return isExternal(href)
        ? { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer' } }
        : { tagName, attribs: { href } };
    },
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = (attribs.src ?? '').trim();
      const kept: Record<string, string> = {};
      if (SAFE_IMAGE.test(src) && !src.startsWith('//')) kept.src = src;
      if (attribs.alt !== undefined) kept.alt = attribs.alt;
      for (const size of ['width', 'height'] as const) {
        const value = attribs[size];
        if (value && /^\d{1,5}$/.test(value)) kept[size] = value;
      }
      return { tagName, attribs: kept };
    },
  },
};

/**
 * The version of the allow-list below, stored with every cleaned row (`sanitizer_version`). Raise it
 * whenever the allow-list gets stricter: at the next start, rows cleaned by an older version are cleaned
 * again, once (`cleanStoredHtml`), so what is stored is what is answered (and what the editor shows).
 */
export const SANITIZER_VERSION = 1;

/**
 * The article HTML allow-list: headings, paragraphs, lists, links (http, https, mailto; external ones
 * open in a new tab with noopener), images (http, https or /uploads/), figures, tables, code and rules.
 * Scripts, styles, frames, event handlers and javascript:/data: URLs never survive.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Cleaned HTML by the hash of what was read, up to about 4 MB of it. */
const cleanedByHash = new LRUCache<string, string>({
  maxSize: 2_000_000,
  sizeCalculation: (clean) => Math.max(1, clean.length),
});

/**
 * Stored HTML as it is answered: sanitised again on every read (DESIGN.md: on save and again on render), so a
 * row written around the API (a restored backup, a hand-made fix in the database) cannot serve a script. The
 * result is remembered by the stored text's hash, so a read costs a hash, not a parse (a parse was about a
 * third of a blog read's CPU).
 */
export function sanitizeStoredHtml(html: string): string {
  const key = createHash('sha256').update(html).digest('base64');
  const known = cleanedByHash.get(key);
  if (known !== undefined) return known;
  const clean = sanitizeArticleHtml(html);
  cleanedByHash.set(key, clean);
  return clean;
}
