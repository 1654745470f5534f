import { MAX_PAGE } from '../../../shared/public-lists';

const dateFormat = new Intl.DateTimeFormat('en-IE', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Dublin',
});

/** An article date as shown on the site: '05 March 2026', in Dublin time. */
export function formatArticleDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** The page number of `/blog?page=N`: a whole number from 1, else 1; past the last page any list has, that page. */
export function blogPageFromSearch(searchParams: URLSearchParams): number {
  const raw = searchParams.get('page') ?? '';
  const page = /^\d+$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
}

export type PageItem = { kind: 'page'; page: number } | { kind: 'break'; key: string };

/**
 * The items of the page selector, as react-paginate lays them out: up to `range` pages around the
 * current one, `margin` pages at each end, and a break (…) for each gap. Pages are 1-based.
 */
export function pageItems(current: number, total: number, range = 5, margin = 1): PageItem[] {
  if (total <= range) return Array.from({ length: total }, (_, index) => ({ kind: 'page', page: index + 1 }));
  const selected = Math.min(Math.max(current, 1), total) - 1;
  let left = range / 2;
  let right = range - left;
  if (selected > total - range / 2) {
    right = total - selected;
    left = range - right;
  } else if (selected < range / 2) {
    left = selected;
    right = range - left;
  }
  const items: PageItem[] = [];
  for (let index = 0; index < total; index += 1) {
    const page = index + 1;
    const inMargin = page <= margin || page > total - margin;
    const adjustedRight = selected === 0 && range > 1 ? right - 1 : right;
    const inRange = index >= selected - left && index <= selected + adjustedRight;
    if (inMargin || inRange) items.push({ kind: 'page', page });
    else if (items.at(-1)?.kind !== 'break') items.push({ kind: 'break', key: `break-${page}` });
  }
  return items;
}

/** The privacy-enhanced embed address of a YouTube video URL, or null when the URL is not a YouTube video. */
export function youtubeEmbedUrl(videoUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const match = /^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(url.pathname);
    id = url.pathname === '/watch' ? url.searchParams.get('v') : (match?.[1] ?? null);
  }
  return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

/** A displayed file name, cut to `max` characters with an ellipsis (33 for an article attachment). */
export function shortFileName(name: string, max = 33): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}
