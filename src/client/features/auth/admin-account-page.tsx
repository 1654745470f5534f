import { getMe } from '../../../shared/api/auth-endpoints';
import { useEndpointQuery } from '../../lib/endpoint-query';
import type { RouteHandle } from '../../lib/route-handle';
import { SecondFactorSection } from './second-factor-section';
import { SessionsSection } from './sessions-section';
import './account.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Your account – Back office',
    description: 'Your sign-in: two-step sign-in and the browsers signed in as you.',
    noindex: true,
  }),
};

/**
 * /admin/account: one's own account, a section each (its two-step sign-in; its sessions). A staff member the
 * clinic requires a second factor of, who has none yet, is led here (the other screens are closed to them).
 */
export function Component() {
  const me = useEndpointQuery(getMe);
  const mustSetUp = me.data?.second_factor?.required && !me.data.second_factor.enabled;
  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Your account</h1>
      </div>
      <div className="account-page">
        {mustSetUp && (
          <p className="account-page__lead" role="status">
            The clinic requires two-step sign-in. Set up an authenticator app or add a passkey below to use
            the back office.
          </p>
        )}
        <SecondFactorSection />
        <SessionsSection />
      </div>
    </>
  );
}
