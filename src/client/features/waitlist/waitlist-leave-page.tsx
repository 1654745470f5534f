import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { leaveWaitlist } from '../../../shared/api/waitlist-endpoints';
import { ApiError, callEndpoint } from '../../lib/api-client';
import type { RouteHandle } from '../../lib/route-handle';
import './waitlist.css';

export const handle: RouteHandle = {
  head: () => ({ title: 'Leave the wait list', description: 'Leave the clinic’s wait list.', noindex: true }),
};

/** The token the confirmation e-mail's link carries in its fragment (never sent to the server on load). */
const tokenOfLink = () => (typeof window === 'undefined' ? '' : window.location.hash.slice(1));

/** /waitlist/{id}#{token}: leave the wait list with the confirmation e-mail's link. Client-only. */
export function Component() {
  const { id } = useParams();
  const [token] = useState(tokenOfLink);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);

  const leave = async () => {
    setBusy(true);
    try {
      const left = await callEndpoint(leaveWaitlist, {
        params: { id: Number(id) },
        headers: { waitlistToken: token },
      });
      setAnswer({ ok: true, text: left.message });
    } catch (error) {
      setAnswer({
        ok: false,
        text: error instanceof ApiError ? error.message : 'Something went wrong. Try it later.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page container waitlist-page">
      <h1 className="page__title">Leave the wait list</h1>
      {answer ? (
        <p
          role={answer.ok ? 'status' : 'alert'}
          className={answer.ok ? 'waitlist-page__done' : 'booking-notice'}
        >
          {answer.text}
        </p>
      ) : (
        <>
          <p>
            You will not be offered times for this any more. Any time held for you now goes to the next
            person.
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void leave()}
          >
            Leave the wait list
          </button>
        </>
      )}
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </div>
  );
}
