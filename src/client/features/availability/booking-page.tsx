import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { BookingSteps, StepHeading } from '../../components/booking-steps/booking-steps';
import { KindChoice } from '../../components/kind-choice/kind-choice';
import { LoadFailureBoundary } from '../../components/load-failure-boundary/load-failure-boundary';
import { formatShortDate, monthOf } from '../../components/month-calendar/month-grid';
import { REFERRAL_PATH } from '../../components/site-header/site-menu';
import {
  type BackToCalendarState,
  clearHold,
  readHold,
  type StoredHold,
  writeHold,
} from '../../lib/booking-hold';
import { CALENDAR_STALE_MS, calendarQueryKey } from '../../lib/calendar-query';
import { clinicToday, formatClinicTime, formatClock12 } from '../../lib/clinic-clock';
import { useHoldEnd } from '../../lib/hold-expiry';
import type { RouteHandle } from '../../lib/route-handle';
import { waitlistJoinPath } from '../../lib/waitlist-path';

/**
 * The calendar, the day's times and the price: fetched when Adult or Child is pointed at or chosen. A failed
 * download is forgotten, so the next try fetches it again.
 */
let bookingTimesModule: Promise<typeof import('./booking-times')> | undefined;
function loadBookingTimes() {
  bookingTimesModule ??= import('./booking-times').catch((error: unknown) => {
    bookingTimesModule = undefined;
    throw error;
  });
  return bookingTimesModule;
}
const fetchAhead = () => void loadBookingTimes().catch(() => {});

const WaitlistOfferLink = lazy(() => import('./waitlist-offer-link'));

/** Lazy parts of their own each try (React keeps a part's failed download for good), numbered for their boundaries. */
const lazyParts = (attempt: number) => ({
  attempt,
  BookingTimes: lazy(() => loadBookingTimes().then((module) => ({ default: module.BookingTimes }))),
  KindPrice: lazy(() => loadBookingTimes().then((module) => ({ default: module.KindPrice }))),
});

interface BookingType {
  title: string;
  description: string;
  isVideoCall: boolean;
  lead: string;
}

const bookingTypes: Record<string, BookingType> = {
  booking_test: {
    title: 'Book an Allergy Test',
    description: 'Choose a free time for a skin prick allergy test at the clinic, for an adult or a child.',
    isVideoCall: false,
    lead: 'Choose who the test is for, then a day and a free time. The test takes place at the clinic.',
  },
  booking_video: {
    title: 'Book A Video Consultation',
    description:
      'Choose a free time for a video consultation with a consultant allergist, for an adult or a child.',
    isVideoCall: true,
    lead: 'Choose who the consultation is for, then a day and a free time. We call you by video.',
  },
};

/** The booking page of an address's id; none for another id (`constructor` included: an object's own keys only). */
const bookingTypeOf = (id: string | undefined): BookingType | undefined =>
  id !== undefined && Object.hasOwn(bookingTypes, id) ? bookingTypes[id] : undefined;

/**
 * The booking pages are server-rendered as a shell (title, lead, the adult/child choice); the slots are
 * live, so the calendar and the day's times are read in the browser only, never prefetched into the page.
 */
export const handle: RouteHandle = {
  head: ({ params }) => {
    const type = bookingTypeOf(params.id);
    return type
      ? { title: type.title, description: type.description }
      : { title: 'Book An Appointment', description: 'Book an allergy test or a video consultation.' };
  },
};

export function Component() {
  const { id } = useParams();
  const type = bookingTypeOf(id);
  // The route's loader has sent any other id to /.
  if (!type) return null;
  return <BookingFlow key={id} type={type} />;
}

function BookingFlow({ type }: { type: BookingType }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [isAdult, setIsAdult] = useState<boolean>();
  const [hold, setHold] = useState<StoredHold>();
  const [month, setMonth] = useState<string>();
  const [selected, setSelected] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [parts, setParts] = useState(() => lazyParts(0));
  const queryClient = useQueryClient();
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // Session storage exists only in the browser: the stored hold is picked up after hydration. A booking
  // step that sent the visitor back (the hold ran out, or they cancelled) says why and which day it was.
  useEffect(() => {
    const back = location.state as BackToCalendarState | null;
    const stored = readHold();
    if (stored && stored.isVideoCall === type.isVideoCall) {
      setHold(stored);
      setIsAdult(stored.isAdult);
      setMonth(monthOf(stored.date));
      setSelected(stored.date);
    } else if (back && typeof back.isAdult === 'boolean' && typeof back.date === 'string') {
      setIsAdult(back.isAdult);
      setMonth(monthOf(back.date));
      setSelected(back.date);
    }
    if (back?.notice) setNotice(back.notice);
  }, [type.isVideoCall, location.state]);

  // Opened from a wait-list offer's e-mail: its own lazy part takes the held time or asks "Not this time".
  const [offerSearch, setOfferSearch] = useState<string>();
  const [fromOffer, setFromOffer] = useState(false);
  useEffect(() => {
    if (location.search.includes('offer=')) setOfferSearch(location.search);
  }, [location.search]);

  // A hold lapses on the server after HOLD_MINUTES: forget it then too.
  useHoldEnd(hold?.expiresAt, () => {
    clearHold();
    setHold(undefined);
    setNotice('Your hold on that time has ended. Please choose a time again.');
  });

  // A notice the visitor was sent back with gets the focus, so a screen reader reads it first.
  useEffect(() => {
    if (notice && (location.state as BackToCalendarState | null)?.notice === notice)
      noticeRef.current?.focus();
  }, [notice, location.state]);

  // The kind and month to show, once Adult or Child is chosen (today's month is worked out only then).
  const shown =
    isAdult === undefined
      ? undefined
      : { kind: { isVideoCall: type.isVideoCall, isAdult }, month: month ?? monthOf(clinicToday()) };
  const ownHold = hold && hold.isAdult === isAdult ? hold : undefined;

  // The free days are asked for while the calendar's code downloads, not after it: on a slow phone line the
  // two one after the other took twice as long.
  const shownMonth = shown?.month;
  useEffect(() => {
    if (isAdult === undefined || shownMonth === undefined) return;
    const kind = { isVideoCall: type.isVideoCall, isAdult };
    void queryClient.prefetchQuery({
      queryKey: calendarQueryKey(kind, shownMonth),
      staleTime: CALENDAR_STALE_MS,
    });
  }, [queryClient, type.isVideoCall, isAdult, shownMonth]);

  // The request form is the next step (/confirm): the hold travels in session storage, never in the URL.
  const goToForm = () => navigate('/confirm');

  const onHeld = (stored: StoredHold) => {
    writeHold(stored);
    setHold(stored);
    setNotice(undefined);
    goToForm();
  };

  return (
    <div className="page container booking-page">
      <StepHeading step={0} level={1} className="page__title">
        {type.title}
      </StepHeading>
      <BookingKinds isVideoCall={type.isVideoCall} />
      <BookingSteps current={0} />
      <p className="page__lead">{type.lead}</p>
      {offerSearch && (
        <Suspense fallback={null}>
          <WaitlistOfferLink
            search={offerSearch}
            onHeld={(taken) => {
              writeHold(taken);
              setHold(taken);
              setIsAdult(taken.isAdult);
              setMonth(monthOf(taken.date));
              setSelected(taken.date);
              setFromOffer(true);
            }}
            onNotice={setNotice}
          />
        </Suspense>
      )}
      {hold && (
        <div className="booking-hold-banner">
          <p>
            {fromOffer && 'From the wait list: this time is held for you. '}You are holding{' '}
            {formatShortDate(hold.date)}, {formatClock12(hold.startTime)} until{' '}
            {formatClinicTime(hold.expiresAt)}.
          </p>
          <button type="button" className="button button--primary" onClick={goToForm}>
            Continue with this time
          </button>
        </div>
      )}
      <div className="availability-choices">
        <KindChoice
          legend="Who is the appointment for?"
          options={[
            { label: 'Adult', value: true },
            { label: 'Child', value: false },
          ]}
          value={isAdult}
          onApproach={fetchAhead}
          onChange={(value) => {
            setIsAdult(value);
            setSelected(undefined);
            setNotice(undefined);
          }}
        />
        {shown && (
          <LoadFailureBoundary key={parts.attempt} fallback={null}>
            <Suspense fallback={null}>
              <parts.KindPrice kind={shown.kind} month={shown.month} />
            </Suspense>
          </LoadFailureBoundary>
        )}
      </div>
      {notice && (
        <p className="booking-notice" role="alert" tabIndex={-1} ref={noticeRef}>
          {notice}
        </p>
      )}
      {shown ? (
        <LoadFailureBoundary
          key={parts.attempt}
          fallback={
            <div role="alert" className="availability-error">
              <p>The free days could not be loaded. Please check your connection and try again.</p>
              <button
                type="button"
                className="button button--primary"
                onClick={() => setParts((tried) => lazyParts(tried.attempt + 1))}
              >
                Try again
              </button>
            </div>
          }
        >
          <Suspense fallback={<p role="status">Loading the free days…</p>}>
            <parts.BookingTimes
              key={`${shown.kind.isAdult}`}
              kind={shown.kind}
              month={shown.month}
              onMonthChange={setMonth}
              selected={selected}
              onSelect={(date) => {
                setSelected(date);
                setNotice(undefined);
              }}
              hold={ownHold}
              onHeld={onHeld}
              onContinue={goToForm}
            />
          </Suspense>
        </LoadFailureBoundary>
      ) : (
        <p className="availability-hint">Choose Adult or Child to see the free times.</p>
      )}
      <p className="availability-waitlist">
        No time suits?{' '}
        <Link to={waitlistJoinPath({ isVideoCall: type.isVideoCall, isAdult })}>Join the wait list</Link> and
        we will offer you a time that frees up.
      </p>
    </div>
  );
}

/**
 * The ways to ask for an appointment, side by side on both booking pages, so the video consultation and the
 * self-referral are as easy to find as the allergy test the site's 'Book An Appointment' button leads to.
 */
function BookingKinds({ isVideoCall }: { isVideoCall: boolean }) {
  const kinds = [
    {
      to: '/sessions_availability/booking_test',
      label: 'Allergy test',
      note: 'At the clinic',
      current: !isVideoCall,
    },
    {
      to: '/sessions_availability/booking_video',
      label: 'Video consultation',
      note: 'From home',
      current: isVideoCall,
    },
    { to: REFERRAL_PATH, label: 'Self-referral', note: 'The clinic triages your case', current: false },
  ];
  return (
    <nav className="booking-kinds" aria-label="Ways to book">
      <ul>
        {kinds.map((kind) => (
          <li key={kind.to}>
            <Link to={kind.to} aria-current={kind.current ? 'page' : undefined}>
              <strong>{kind.label}</strong> <span>{kind.note}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
