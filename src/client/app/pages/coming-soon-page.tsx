import { Link, type RouteObject, useMatches } from 'react-router';
import { BOOKING_PATH } from '../../components/site-header/site-menu';
import type { RouteHandle } from '../route-handle';

interface ComingSoonHandle extends RouteHandle {
  comingSoonTitle: string;
}

/** A placeholder page: its title comes from the handle of the route it is rendered for. */
function ComingSoonPage() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as ComingSoonHandle | undefined;
  const title = handle?.comingSoonTitle ?? 'Coming soon';
  return (
    <div className="notice-page container">
      <div className="notice-page__box">
        <h1>{title}</h1>
        <p>This page is coming soon.</p>
        <p>
          <Link to="/">Back to the home page</Link> or <Link to={BOOKING_PATH}>book an appointment</Link>.
        </p>
      </div>
    </div>
  );
}

/** A placeholder route for a public page that a later issue builds: a heading and 'This page is coming soon.' */
export function comingSoonRoute(path: string, title: string, description: string): RouteObject {
  const handle: ComingSoonHandle = { head: () => ({ title, description }), comingSoonTitle: title };
  return { path, Component: ComingSoonPage, handle };
}
