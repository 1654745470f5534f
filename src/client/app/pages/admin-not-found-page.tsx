import { Link, useLocation } from 'react-router';

/** An address under /admin that is no back-office screen: a mistyped or an old link. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Not found</h1>
      <div className="admin-not-found">
        <p className="admin-not-found__path">There is no back-office page at {pathname}.</p>
        <Link className="button button--secondary" to="/admin">
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
