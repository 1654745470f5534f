import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import '../../styles/base.css';

/** How the browsers word a script module that could not be downloaded (Chromium, Firefox, Safari). */
const MODULE_NOT_LOADED = /dynamically imported module|module script failed/i;

/** A page loaded anew for missing code no more than once a minute, so a real outage shows this page instead. */
const RELOAD_AT_MOST_EVERY_MS = 60_000;
const RELOADED_AT_KEY = 'clinic:reloaded-for-code';

/**
 * After a new release the open tab's next page asks for code files the server no longer has: the page is loaded
 * anew from the server (new HTML, new files) instead of showing an error that trying again would not mend.
 */
function useReloadForMissingCode(error: unknown): boolean {
  const missingCode = error instanceof TypeError && MODULE_NOT_LOADED.test(error.message);
  const reloadedAt = Number(globalThis.sessionStorage?.getItem(RELOADED_AT_KEY) ?? 0);
  const reloading = missingCode && Date.now() - reloadedAt > RELOAD_AT_MOST_EVERY_MS;
  useEffect(() => {
    if (!reloading) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
  }, [reloading]);
  return reloading;
}

/** Shown when a page fails to load or render: a friendly message and a way home. */
export function AppErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (useReloadForMissingCode(error)) return null;

  return (
    <main id="main" className="notice-page container">
      <div className="notice-page__box">
        <h1>{notFound ? 'Page not found' : 'Sorry, something went wrong'}</h1>
        <p>
          {notFound
            ? 'The page you asked for does not exist or has moved.'
            : 'We could not show this page. Please try again in a moment.'}
        </p>
        <p>
          <Link to="/" className="button button--primary" reloadDocument>
            Go to the home page
          </Link>
        </p>
      </div>
    </main>
  );
}
