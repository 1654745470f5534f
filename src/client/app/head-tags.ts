import { clinic } from '../../shared/clinic';
import { escapeHtml } from '../../shared/escape-html';
import { documentTitle } from '../lib/document-title';
import type { PageHead } from '../lib/route-handle';

/** The `<head>` tags of a page: title, description, canonical link and Open Graph / Twitter card tags. */
export function renderHeadTags(head: PageHead, page: { origin: string; path: string }): string {
  const url = `${page.origin}${page.path}`;
  const image = head.image ? new URL(head.image, page.origin).toString() : `${page.origin}/og-image.png`;
  const title = documentTitle(head);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(clinic.name)}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    '<meta property="og:locale" content="en_IE" />',
    '<meta name="twitter:card" content="summary_large_image" />',
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex, nofollow" />');
  return tags.join('\n    ');
}
