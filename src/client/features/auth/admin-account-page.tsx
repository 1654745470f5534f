import type { RouteHandle } from '../../lib/route-handle';
import { SessionsSection } from './sessions-section';
import './account.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Your account – Back office',
    description: 'Your sign-in and the browsers signed in as you.',
    noindex: true,
  }),
};

/** /admin/account: one's own account, a section each (its sessions; its two-step sign-in). */
export function Component() {
  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Your account</h1>
      </div>
      <div className="account-page">
        <SessionsSection />
      </div>
    </>
  );
}
