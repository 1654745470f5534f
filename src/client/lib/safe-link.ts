import { isSiteLink } from '../../shared/site-link';

/**
 * What a link typed into the rich-text editor points to, or null when it may not be used. Only web
 * (http, https), e-mail (mailto) links and the site's own pages ('/fees') are allowed: 'example.ie/fees'
 * becomes 'https://example.ie/fees', 'info@example.ie' becomes 'mailto:info@example.ie';
 * 'javascript:…', 'data:…', '//host' and other relative paths, and text with spaces are refused.
 */
export function safeLinkHref(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  if (isSiteLink(text)) return text;
  if (/^mailto:/i.test(text)) return /^mailto:[^@\s]+@[^@\s]+$/i.test(text) ? text : null;
  if (/^https?:\/\//i.test(text)) return isWebUrl(text) ? text : null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+\.[^:/]+:\d/.test(text)) return null;
  if (/^[^@/:]+@[^@/:]+\.[^@/:]+$/.test(text)) return `mailto:${text}`;
  if (/^[^@/:]+\.[a-z]{2,}([:/?#]|$)/i.test(text)) {
    const href = `https://${text}`;
    return isWebUrl(href) ? href : null;
  }
  return null;
}

/** Whether the Link mark may keep this href (pasted or typed HTML): http, https, mailto and the site's own pages. */
export function isSafeLinkHref(href: string | undefined | null): boolean {
  if (!href) return false;
  const text = href.trim();
  return (/^https?:\/\//i.test(text) && isWebUrl(text)) || /^mailto:/i.test(text) || isSiteLink(text);
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
