import { getMe } from '../../../shared/api/auth-endpoints';
import { useEndpointQuery } from '../../lib/endpoint-query';
import type { RouteHandle } from '../../lib/route-handle';
import { SecondFactorSection } from './second-factor-section';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Your account – Back office',
    description: 'Your sign-in: two-step sign-in and sessions.',
    noindex: true,
  }),
};

/**
 * /admin/account: one's own sign-in. A staff member the clinic requires a second factor of, who has none yet, is
 * led here (the back office's other screens are closed to them until it is set).
 */
export function Component() {
  const me = useEndpointQuery(getMe);
  const mustSetUp = me.data?.second_factor?.required && !me.data.second_factor.enabled;
  return (
    <div className="account-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Your account</h1>
      </div>
      {mustSetUp && (
        <p className="account-page__lead" role="status">
          The clinic requires two-step sign-in. Set up an authenticator app or add a passkey below to use the
          back office.
        </p>
      )}
      <SecondFactorSection />
    </div>
  );
}
