/**
 * A URL path as the page router matches it: percent-decoded, in lower case, without trailing slashes
 * (React Router ignores case and a trailing slash). Decisions made on the path (never cache, client-only
 * shell, the payment page's policy) compare this, so `/Confirm/` or `/%63onfirm` is `/confirm` for them too.
 */
export function routePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: compared as sent.
  }
  path = path.toLowerCase().replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
