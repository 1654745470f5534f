import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { antihistamineTexts } from '../../../shared/antihistamines';
import { clinic } from '../../../shared/clinic';
import { formatEuro } from '../../../shared/euro';
import { intakePath, intakeTexts } from '../../../shared/intake';
import type { ManagedAppointment } from '../../../shared/manage-booking';
import { flagChoices, WAY_OUT_SECTION_ID } from '../../../shared/way-out';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { isNotFoundError } from '../../lib/api-client';
import { bookingCalendarPath } from '../../lib/booking-hold';
import { clinicToday } from '../../lib/clinic-clock';
import type { RouteHandle } from '../../lib/route-handle';
import { CalendarLinks } from './calendar-links';
import {
  saveOwnInvite,
  saveOwnReceipt,
  useCancelManagedAppointment,
  useManagedAppointment,
} from './manage-booking-api';
import { manageBookingHead } from './manage-booking-head';
import { NoticePassed, notFoundText } from './manage-booking-texts';
import { errorText, type Refusal, refusalOf } from './manage-error-text';
import { linkedSection, takeManageToken } from './manage-token';
import {
  appointmentMoment,
  formatClinicMoment,
  ManagedAppointmentDetails,
} from './managed-appointment-details';
import { MoveAppointment } from './move-appointment';
import { signedOnText } from './signed-on';
import { StopTexts } from './stop-texts';
import { VideoLink, WayOut } from './way-out-section';
import './booking.css';

/**
 * `/booking/{reference}#{token}`, the link in the confirmation e-mail (issue 20): the patient sees their appointment
 * and, until the 48-hour notice, cancels or moves it without an account. Client-only (`isClientOnlyPath`): never
 * server-rendered, cached or indexed, since it shows one patient's appointment and its token is the fragment.
 *
 * The page's code is a lazy chunk of its own and, like every public page, downloads no Zod: the contract's
 * constants and texts come in through `manage-booking-texts.tsx`, checked by type.
 */
export const handle: RouteHandle = { head: () => manageBookingHead };

export function Component() {
  const { reference = '' } = useParams();
  const upper = reference.toUpperCase();
  return <BookingLink key={upper} reference={upper} />;
}

function BookingLink({ reference }: { reference: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => takeManageToken(reference, location.hash));
  const [section] = useState(() => linkedSection(location.hash));

  // Kept in this tab now: the token leaves the address bar, so the address copied or shared does not carry it; a
  // section the link named (`#way-out`) stays.
  const hasToken = location.hash !== '' && location.hash !== `#${section}`;
  useEffect(() => {
    if (hasToken) {
      navigate(
        { pathname: location.pathname, search: location.search, hash: section ? `#${section}` : '' },
        { replace: true },
      );
    }
  }, [hasToken, section, navigate, location.pathname, location.search]);

  if (!token) return <AppointmentNotFound withoutToken />;
  return <ManageBooking reference={reference} token={token} section={section} />;
}

function ContactLinks() {
  return (
    <>
      <a href={clinic.phoneHref} className="manage-booking__phone">
        {clinic.phone}
      </a>{' '}
      or e-mail <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
    </>
  );
}

/** `withoutToken`: the address has no token (bookmarked, copied, another tab), so nothing was asked. */
function AppointmentNotFound({ withoutToken = false }: { withoutToken?: boolean }) {
  return (
    <div className="page container manage-booking">
      <div className="notice-page__box">
        <h1 className="page__title">
          {withoutToken ? 'Open your booking from its e-mail' : 'We could not find this booking'}
        </h1>
        <p>
          {withoutToken
            ? 'For your privacy, this page opens only from the link in your confirmation e-mail, in the tab it opened in: a bookmarked or copied address does not carry the link’s key.'
            : notFoundText}
        </p>
        <p>
          Please open the link in your confirmation e-mail again, or call us on <ContactLinks /> and we will
          help.
        </p>
        <p>
          <Link to="/" className="button button--primary">
            Go to the home page
          </Link>
        </p>
      </div>
    </div>
  );
}

/** A failed call's words and where they show: beside the new times while moving, else at the top. */
interface Problem {
  text: string;
  from: 'page' | 'move';
}

function ManageBooking({
  reference,
  token,
  section,
}: {
  reference: string;
  token: string;
  section?: string;
}) {
  const read = useManagedAppointment(reference, token);
  const cancel = useCancelManagedAppointment(reference, token);
  const [done, setDone] = useState<{ text: string; at: number }>();
  const [problem, setProblem] = useState<Problem>();
  const [moving, setMoving] = useState(false);
  /** Which button opened the picker: it opens there, not at the page's end. */
  const [moveFrom, setMoveFrom] = useState<'changes' | 'way-out'>('changes');
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);

  const appointment = read.data?.booking;
  const canMove = appointment?.actions.includes('move') ?? false;
  const canCancel = appointment?.actions.includes('cancel') ?? false;
  const moveShown = moving && canMove;
  // After "I could not stop", the free move is the one way to move: a second, ordinary move button beside it only
  // makes the patient wonder which one is free.
  const freeMove = appointment?.way_out?.free_move === 'available';
  // Each failure shows in one place only: beside the picker while it is open, else at the top of the page.
  const pageProblem = problem && (problem.from === 'page' || !moveShown) ? problem.text : undefined;
  const moveRefusal = problem?.from === 'move' && moveShown ? problem.text : undefined;

  // What just happened takes the focus, so it is read first and seen on a phone.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  useEffect(() => {
    if (pageProblem) problemRef.current?.focus();
  }, [pageProblem]);

  const succeeded = (message: string) => {
    setProblem(undefined);
    setMoving(false);
    setDone({ text: message, at: Date.now() });
  };

  const failed = (from: Problem['from'], refusal: Refusal) => {
    setDone(undefined);
    // The notice has begun meanwhile: the page says so once, in its notice with the phone and e-mail as links.
    setProblem(refusal.code === 'notice_passed' ? undefined : { text: refusal.text, from });
    // What may be done may have changed meanwhile (the notice began, a payment is under way).
    void read.refetch();
  };

  const confirmCancel = async () => {
    try {
      const answer = await cancel.mutateAsync();
      setConfirmingCancel(false);
      succeeded(answer.message);
    } catch (error) {
      setConfirmingCancel(false);
      failed('page', refusalOf(error));
    }
  };

  const movePicker = moveShown && appointment && (
    <MoveAppointment
      appointment={appointment}
      reference={reference}
      token={token}
      refusal={moveRefusal}
      onRefused={(refusal) => failed('move', refusal)}
      onClearRefusal={() => setProblem(undefined)}
      onMoved={succeeded}
    />
  );

  if (read.isPending) {
    return (
      <div className="page container manage-booking">
        <h1 className="page__title">Your booking</h1>
        <p role="status">Loading your booking…</p>
      </div>
    );
  }
  if (isNotFoundError(read.error)) return <AppointmentNotFound />;

  return (
    <div className="page container manage-booking">
      <h1 className="page__title">Your booking</h1>
      {appointment && (
        <p className="page__lead">
          Reference <strong className="manage-booking__reference">{appointment.reference}</strong>
        </p>
      )}
      <div role="status" className="manage-booking__status">
        {done && (
          <p className="manage-booking__done" tabIndex={-1} ref={doneRef}>
            {done.text}
          </p>
        )}
      </div>
      {pageProblem && (
        <p className="booking-notice" role="alert" tabIndex={-1} ref={problemRef}>
          {pageProblem}
        </p>
      )}
      {read.isError && !appointment && (
        <p>
          <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
            Try again
          </button>
        </p>
      )}
      {read.isError && !appointment && !pageProblem && (
        <p className="booking-notice" role="alert">
          {errorText(read.error)}
        </p>
      )}
      {appointment && (
        <>
          <div className="manage-booking__layout">
            <ManagedAppointmentDetails appointment={appointment} />
            <section className="held-slot manage-booking__changes" aria-labelledby="manage-changes-title">
              <h2 id="manage-changes-title" className="held-slot__title">
                {changesTitles[appointment.status]}
              </h2>
              <Changes
                appointment={appointment}
                canMove={canMove && !freeMove}
                freeMove={freeMove && canMove}
                canCancel={canCancel}
                moving={moveShown}
                onToggleMove={() => {
                  if (problem?.from === 'move') setProblem(undefined);
                  setMoveFrom('changes');
                  setMoving((open) => !open);
                }}
                onCancel={() => {
                  setProblem(undefined);
                  setConfirmingCancel(true);
                }}
              />
            </section>
          </div>
          {appointment.status === 'upcoming' && (
            <PrepareAndCalendar appointment={appointment} reference={reference} token={token} />
          )}
          {appointment.video_link_from && <VideoLink appointment={appointment} />}
          <StopTexts appointment={appointment} reference={reference} token={token} onStopped={succeeded} />
          {appointment.way_out && (
            <WayOut
              appointment={appointment}
              reference={reference}
              token={token}
              opened={section === WAY_OUT_SECTION_ID}
              onFlagged={(message) => {
                succeeded(message);
                void read.refetch();
              }}
              onMove={() => {
                setProblem(undefined);
                setMoveFrom('way-out');
                setMoving(true);
              }}
            />
          )}
          {moveFrom === 'way-out' && movePicker}
          {appointment.intake && <IntakeStatus intake={appointment.intake} reference={reference} />}
          {appointment.payment_status !== 'unpaid' && <OwnReceipt reference={reference} token={token} />}
          {moveFrom === 'changes' && movePicker}
          <ConfirmDialog
            open={confirmingCancel && canCancel}
            title="Cancel your appointment?"
            message={<CancelConsequences appointment={appointment} />}
            confirmLabel="Cancel appointment"
            cancelLabel="Keep appointment"
            busy={cancel.isPending}
            onConfirm={() => void confirmCancel()}
            onCancel={() => setConfirmingCancel(false)}
          />
        </>
      )}
    </div>
  );
}

/** The intake form's state on the booking's page: signed (and when), begun, or not yet, with its link. */
function IntakeStatus({
  intake,
  reference,
}: {
  intake: NonNullable<ManagedAppointment['intake']>;
  reference: string;
}) {
  const signedOn = intake.signed_at ? signedOnText(intake.signed_at) : undefined;
  let state: string;
  let link: string;
  if (intake.status === 'signed' && signedOn) {
    state = `Signed on ${signedOn}. The clinic has it; nothing more to do.`;
    link = 'See your signed form';
  } else if (intake.status === 'draft' && signedOn) {
    state = `Signed on ${signedOn}. You began a change since, which is not signed yet: the clinic goes by the signed form until you sign the new version.`;
    link = 'Finish and sign the change';
  } else if (intake.status === 'draft') {
    state = 'Begun, not signed yet: please finish it and sign it before your visit.';
    link = 'Continue the form';
  } else {
    state =
      'Not filled in yet. Please fill in the clinic’s form before your visit; what you type is kept as you go, and you sign it at the end.';
    link = intakeTexts.linkText;
  }
  return (
    <section className="manage-booking__intake" aria-labelledby="manage-intake-title">
      <h2 id="manage-intake-title" className="held-slot__title">
        Intake and consent form
      </h2>
      <p data-testid="manage-intake-status">
        {intake.status === 'signed' ? <strong>{state}</strong> : state}{' '}
        <Link to={intakePath(reference)}>{link}</Link>
      </p>
    </section>
  );
}

const changesTitles: Record<ManagedAppointment['status'], string> = {
  upcoming: 'Change or cancel',
  cancelled: 'A new appointment',
  over: 'Questions',
};

function CancelConsequences({ appointment }: { appointment: ManagedAppointment }) {
  return (
    <>
      <p>
        Your appointment ({appointment.service}) on {appointmentMoment(appointment.session)} will be cancelled
        and the time offered to others.
      </p>
      <p>
        {appointment.payment_status === 'paid'
          ? `Your payment of ${formatEuro(appointment.price)} is refunded in full to your card.`
          : appointment.payment_status === 'paid_at_clinic'
            ? `You paid ${formatEuro(appointment.paid_at_clinic)} at the clinic. That cannot be refunded online: the clinic will contact you to give it back to you.`
            : 'Nothing was paid online, so there is nothing to refund.'}
      </p>
    </>
  );
}

function Changes({
  appointment,
  canMove,
  freeMove,
  canCancel,
  moving,
  onToggleMove,
  onCancel,
}: {
  appointment: ManagedAppointment;
  canMove: boolean;
  /** The way out's free move is open: moving is done there, once, free of charge. */
  freeMove: boolean;
  canCancel: boolean;
  moving: boolean;
  onToggleMove: () => void;
  onCancel: () => void;
}) {
  if (appointment.status === 'cancelled') {
    return (
      <>
        <p>This appointment is cancelled.</p>
        <p>
          <Link to={bookingCalendarPath(appointment.session.is_video_call)}>Book a new appointment</Link>, or
          call us on <ContactLinks />.
        </p>
      </>
    );
  }
  if (appointment.status === 'over') {
    return (
      <p>
        This appointment is over. Questions? Call us on <ContactLinks />.
      </p>
    );
  }
  if (!canMove && !canCancel && !freeMove) {
    return (
      <p className="manage-booking__notice">
        <NoticePassed />
      </p>
    );
  }
  return (
    <>
      {appointment.change_until && (
        <p>
          You can move or cancel this appointment online until{' '}
          <strong>{formatClinicMoment(appointment.change_until)}</strong> (Dublin time).
        </p>
      )}
      {freeMove && (
        <p>To move it, use “Move my appointment free of charge” below: it is free of the notice, once.</p>
      )}
      <div className="manage-booking__actions">
        {canMove && (
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={moving}
            aria-controls={moving ? 'manage-move' : undefined}
            onClick={onToggleMove}
          >
            Move to another time
          </button>
        )}
        {canCancel && (
          <button type="button" className="button button--danger-secondary" onClick={onCancel}>
            Cancel appointment
          </button>
        )}
      </div>
    </>
  );
}

/**
 * An upcoming appointment's preparation (an allergy test's own stop days, as they are after any move) and its
 * calendar: the server's current invite, and Google Calendar's and Outlook's links.
 */
function PrepareAndCalendar({
  appointment,
  reference,
  token,
}: {
  appointment: ManagedAppointment;
  reference: string;
  token: string;
}) {
  const { state, download } = useDownload(() => saveOwnInvite(reference, token));
  const { session: slot, antihistamines } = appointment;
  return (
    <section className="manage-booking__receipt" aria-labelledby="manage-prepare-title">
      <h2 id="manage-prepare-title" className="held-slot__title">
        {slot.is_video_call ? 'Your calendar' : 'Preparing for the test'}
      </h2>
      {!slot.is_video_call && (
        <ul className="booking-confirmed__list booking-confirmed__stops">
          {antihistamines.answered && antihistamines.stop_days.length === 0 && (
            <li>{antihistamineTexts.nothingToStop}</li>
          )}
          {antihistamines.stop_days.map((stop) => (
            <li key={stop.medicine}>
              {stop.day < clinicToday() ? `${stop.text}.` : `${stop.text} (${stop.days_before} days before).`}
            </li>
          ))}
          {antihistamines.ask_pharmacist && <li>{antihistamineTexts.askPharmacist}</li>}
          {appointment.way_out && antihistamines.stop_days.some((stop) => stop.day < clinicToday()) && (
            <li>
              Could not stop in time?{' '}
              <a
                href={`#${WAY_OUT_SECTION_ID}`}
                onClick={(event) => {
                  // The address keeps no fragment (it held the key): the section is scrolled to and focused instead.
                  event.preventDefault();
                  document.getElementById('way-out-title')?.focus();
                }}
              >
                Tell us under “{flagChoices.could_not_stop}”
              </a>
              : you can then move the test once, free of charge.
            </li>
          )}
        </ul>
      )}
      <p>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={state.busy || undefined}
          onClick={() => {
            if (!state.busy) void download();
          }}
        >
          {state.busy ? 'Downloading…' : 'Add to calendar (.ics)'}
        </button>
      </p>
      <CalendarLinks
        event={{
          title: `${clinic.name}: ${appointment.service}`,
          startsAt: slot.starts_at,
          endsAt: slot.ends_at,
          description: `${appointment.service}. Reference ${appointment.reference}.`,
          location: slot.is_video_call ? 'Video consultation' : (slot.address ?? ''),
        }}
      />
      {state.problem && (
        <p className="booking-notice" role="alert">
          {state.problem}
        </p>
      )}
    </section>
  );
}

/** A file the patient downloads (their invite, their receipt): busy meanwhile, and why it failed if it did. */
function useDownload(save: () => Promise<void>) {
  const [state, setState] = useState<{ busy: boolean; problem?: string }>({ busy: false });
  const download = async () => {
    setState({ busy: true });
    try {
      await save();
      setState({ busy: false });
    } catch (error) {
      setState({ busy: false, problem: errorText(error) });
    }
  };
  return { state, download };
}

/** 'Download receipt' of a booking paid online, for the patient's health insurer; a failure says why beside it. */
function OwnReceipt({ reference, token }: { reference: string; token: string }) {
  const { state, download } = useDownload(() => saveOwnReceipt(reference, token));
  return (
    <section className="manage-booking__receipt" aria-labelledby="manage-receipt-title">
      <h2 id="manage-receipt-title" className="held-slot__title">
        Receipt
      </h2>
      <p>For your health insurer: the receipt names you, the visit, the consultant and what you paid.</p>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={state.busy || undefined}
        onClick={() => {
          if (!state.busy) void download();
        }}
      >
        {state.busy ? 'Downloading…' : 'Download receipt'}
      </button>
      {state.problem && (
        <p className="booking-notice" role="alert">
          {state.problem}
        </p>
      )}
    </section>
  );
}
