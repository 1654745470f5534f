import { useLocation } from 'react-router';
import { adminSectionTitle } from '../layouts/admin-menu';

/** Placeholder of a back-office screen that a later issue builds. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{adminSectionTitle(pathname)}</h1>
      <p>This section is coming soon.</p>
    </div>
  );
}
