/**
 * A URL path as the page router matches it: percent-decoded, in lower case, without trailing slashes
 * (React Router ignores case and a trailing slash). Decisions made on the path (never cache, client-only
 * shell, the payment page's policy) compare this, so `/Confirm/`, `/%63onfirm` or `/./confirm` is `/confirm` for them too.
 */
/** Lower-case letters, digits, `/`, `_` and `-` only: nothing to decode, resolve or fold. */
const PLAIN_PATH = /^[a-z0-9/_-]*$/;

export function routePath(pathname: string): string {
  // Most paths need none of the below (every cached page's request asks this): the same answer without a URL parsed.
  if (PLAIN_PATH.test(pathname)) {
    const path = `/${pathname.replace(/^\/+/, '')}`.replace(/\/+$/, '');
    return path === '' ? '/' : path;
  }
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
