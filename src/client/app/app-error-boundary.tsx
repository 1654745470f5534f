import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import '../styles/base.css';

/** Shown when a page fails to load or render: a friendly message and a way home. */
export function AppErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

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
