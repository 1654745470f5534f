import { useId, useState } from 'react';
import type { AccountSession } from '../../../shared/sessions';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { StateBadge } from '../../components/state-badge/state-badge';
import { ApiError } from '../../lib/api-client';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import { timeAgo } from '../../lib/time-ago';
import { useAccountSessions, useEndSession } from './sessions-api';
import { useLogoutEverywhere } from './sign-out-api';

const browserOf = (session: AccountSession) => session.browser ?? 'Unknown browser';

/** The words of a session in a sentence: 'Firefox 128 on Windows at 192.0.2.7'. */
const sessionWords = (session: AccountSession) =>
  session.address ? `${browserOf(session)} at ${session.address}` : browserOf(session);

function SessionItem({ session, onEnd }: { session: AccountSession; onEnd: () => void }) {
  const label = session.current ? 'Sign out here' : 'End session';
  return (
    <li className="account-session">
      <div className="account-session__what">
        <span className="account-session__browser">{browserOf(session)}</span>
        {session.current && <StateBadge tone="active">This browser</StateBadge>}
      </div>
      <dl className="account-session__facts">
        <div>
          <dt>Signed in</dt>
          <dd>
            <time dateTime={session.started_at}>{formatAdminDateTime(session.started_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>
            <time dateTime={session.last_used_at} title={formatAdminDateTime(session.last_used_at)}>
              {session.current ? 'now' : timeAgo(session.last_used_at)}
            </time>
          </dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{session.address ?? 'Not known'}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--danger-secondary button--small account-session__end"
        aria-label={`${label}: ${sessionWords(session)}`}
        onClick={onEnd}
      >
        {label}
      </button>
    </li>
  );
}

/**
 * "Your sessions" of the account page: every browser signed in as oneself (started, last used, browser, address),
 * each of which can be ended after a confirmation, and signing out of all of them at once.
 */
export function SessionsSection() {
  const headingId = useId();
  const sessions = useAccountSessions();
  const endSession = useEndSession();
  const logoutEverywhere = useLogoutEverywhere();
  const [ending, setEnding] = useState<AccountSession>();
  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);
  const list = sessions.data?.sessions;

  const closeEnding = () => {
    setEnding(undefined);
    endSession.reset();
  };

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Your sessions
      </h2>
      <p className="account-section__intro">
        The browsers and devices signed in as you. A session ends by itself when it is not used for a while,
        and some hours after signing in however much it is used. End any you do not recognise.
      </p>
      {sessions.isPending ? (
        <p role="status">Loading your sessions…</p>
      ) : sessions.isError ? (
        <p role="alert">Your sessions could not be loaded. {sessions.error.message}</p>
      ) : (
        <ul className="account-sessions" aria-label="Your sessions">
          {list?.map((session) => (
            <SessionItem key={session.id} session={session} onEnd={() => setEnding(session)} />
          ))}
        </ul>
      )}
      <div className="account-section__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={logoutEverywhere.isPending}
          onClick={() => setConfirmingEverywhere(true)}
        >
          Sign out everywhere
        </button>
      </div>
      <ConfirmDialog
        open={ending !== undefined}
        title={ending?.current ? 'Sign out here?' : 'End this session?'}
        message={
          ending?.current
            ? 'This is the browser you are using: you will be signed out and have to sign in again.'
            : `${ending ? sessionWords(ending) : ''} will be signed out and have to sign in again.`
        }
        confirmLabel={ending?.current ? 'Sign out here' : 'End session'}
        busy={endSession.isPending}
        error={endSession.error instanceof ApiError ? endSession.error.message : undefined}
        onConfirm={() => {
          if (ending) endSession.mutate(ending, { onSuccess: () => setEnding(undefined) });
        }}
        onCancel={closeEnding}
      />
      <ConfirmDialog
        open={confirmingEverywhere}
        title="Sign out everywhere?"
        message="Every browser and device signed in as you, this one included, will have to sign in again."
        confirmLabel="Sign out everywhere"
        busy={logoutEverywhere.isPending}
        onConfirm={() =>
          logoutEverywhere.mutate(undefined, { onSettled: () => setConfirmingEverywhere(false) })
        }
        onCancel={() => setConfirmingEverywhere(false)}
      />
    </section>
  );
}
