import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { clinic } from '../../../shared/clinic';
import { KindChoice } from '../../components/kind-choice/kind-choice';
import { BOOKING_PATH } from '../../components/site-header/site-menu';
import type { RouteHandle } from '../../lib/route-handle';

/**
 * `/sessions_availability/referral`: the self-referral (spec sections 2.3 and 4). The server renders the page
 * with the question whether the visitor has a referral letter; the matching form (react-hook-form, the file
 * field, Zod and the shared schema) is loaded once they start to answer, so the page itself stays light. Nothing
 * is prefetched: the page needs no data.
 */
export const handle: RouteHandle = {
  head: () => ({
    title: 'Self-referral',
    description:
      'Refer yourself or your child to the clinic: send the referral letter from your GP or consultant, or tell us about your allergy, and our team triages it and e-mails you.',
  }),
};

const loadForm = () => import('./referral-form');
const ReferralForm = lazy(() => loadForm().then((module) => ({ default: module.ReferralForm })));

/** Starts loading the form as soon as the visitor reaches for the question (a failed load is tried again). */
const preloadForm = () => {
  loadForm().catch(() => undefined);
};

const letterOptions = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
] as const;

export function Component() {
  const [hasLetter, setHasLetter] = useState<boolean>();

  return (
    <div className="page container referral-page">
      <h1 className="page__title">Self-referral</h1>
      <p className="page__lead">
        Send us the referral letter from your GP or consultant, or, without a letter, tell us about your
        allergy. Our clinical team reads every referral and e-mails you about what comes next.
      </p>
      <div className="referral-page__layout">
        <div className="referral-page__main">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only starts loading the form early; the radios inside do the choosing. */}
          <div className="referral-page__choice" onFocus={preloadForm} onPointerDown={preloadForm}>
            <KindChoice
              legend="Do you have a referral letter from your GP or consultant?"
              options={letterOptions}
              value={hasLetter}
              onChange={setHasLetter}
            />
          </div>
          {hasLetter === undefined ? (
            <p className="referral-page__hint">
              Choose Yes to upload your letter, or No to answer a few questions instead.
            </p>
          ) : (
            <Suspense
              fallback={
                <p role="status" className="referral-page__hint">
                  Loading the form…
                </p>
              }
            >
              <ReferralForm hasLetter={hasLetter} />
            </Suspense>
          )}
        </div>

        <aside className="referral-page__aside" aria-labelledby="referral-next-title">
          <h2 id="referral-next-title" className="referral-page__aside-title">
            What happens next
          </h2>
          <ol className="referral-page__steps">
            <li>You send your letter, or your answers, with this form.</li>
            <li>A member of our clinical team reads it (triage).</li>
            <li>
              We e-mail you: to invite you to book an appointment, to ask for more information, or to explain
              why the clinic cannot see you.
            </li>
          </ol>
          <p>
            No reply within 7-10 days? E-mail us at <a href={`mailto:${clinic.email}`}>{clinic.email}</a>.
          </p>
          <p className="referral-page__book">
            Would you rather choose a time yourself? <Link to={BOOKING_PATH}>Book an Allergy Test</Link> or{' '}
            <Link to="/sessions_availability/booking_video">Book A Video Consultation</Link>.
          </p>
        </aside>
      </div>
    </div>
  );
}
