/**
 * A URL path as the page router matches it: percent-decoded, in lower case, without trailing slashes
 * (React Router ignores case and a trailing slash). Decisions made on the path (never cache, client-only
 * shell, the payment page's policy) compare this, so `/Confirm/`, `/%63onfirm` or `/./confirm` is `/confirm` for them too.
 */
export function routePath(pathname: string): string {
  // Dot segments resolved as the URL the router is given resolves them: `/./confirm` and `/x/../confirm` are `/confirm`.
  let path = new URL(`http://path.invalid/${pathname.replace(/^\/+/, '')}`).pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes: compared as sent.
  }
  path = path.toLowerCase().replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
