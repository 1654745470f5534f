/** How long ago things happened, as the back office says it. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * How long ago an instant was, as a person says it: 'just now', '5 minutes ago', '3 hours ago', '3 days ago',
 * '2 weeks ago' (from 14 days), '3 months ago' (from 60 days), '1 year ago'. An instant not yet come (a
 * clock a little ahead) is 'just now'.
 */
export function timeAgo(instant: string | Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(instant).getTime();
  if (!Number.isFinite(elapsed)) return '';
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < 14) return ago(days, 'day');
  if (days < 60) return ago(Math.floor(days / 7), 'week');
  if (days < 365) return ago(Math.floor(days / 30), 'month');
  return ago(Math.floor(days / 365), 'year');
}
