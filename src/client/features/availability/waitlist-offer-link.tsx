import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { StoredHold } from '../../lib/booking-hold';
import { declineOffer, takeOffer } from './waitlist-offer';

/**
 * The booking page opened from a wait-list offer's e-mail (`?offer=<token>`, with `&decline=1` for "Not this
 * time"): the time held for the visitor becomes their hold, or the decline is asked for and sent. Loaded only for
 * such a link, so the booking page's first JavaScript stays within its budget. The token leaves the address bar.
 */
export default function WaitlistOfferLink({
  search,
  onHeld,
  onNotice,
}: {
  search: string;
  onHeld: (hold: StoredHold) => void;
  onNotice: (notice: string) => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [declineToken, setDeclineToken] = useState<string>();
  const failed = (error: unknown) =>
    onNotice(error instanceof Error ? error.message : 'Something went wrong. Try it later.');

  // biome-ignore lint/correctness/useExhaustiveDependencies: once for the link it was opened with
  useEffect(() => {
    const query = new URLSearchParams(search);
    const token = query.get('offer');
    if (!token) return;
    void navigate(location.pathname, { replace: true, state: location.state });
    if (query.get('decline') === '1') setDeclineToken(token);
    else takeOffer(token).then(onHeld, failed);
  }, [search]);

  if (!declineToken) return null;
  return (
    <div className="booking-hold-banner">
      <p>Not this time? The time held for you goes to the next person waiting; you stay on the wait list.</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() =>
          void declineOffer(declineToken)
            .then(onNotice, failed)
            .finally(() => setDeclineToken(undefined))
        }
      >
        Not this time
      </button>
    </div>
  );
}
