import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { attendanceMessages, MARK_LABELS } from '../../../shared/attendance';
import type { DashboardAppointment, DashboardResponse } from '../../../shared/dashboard';
import { formatEuro } from '../../../shared/euro';
import { textReplyLabels, textTexts } from '../../../shared/texts';
import { formatLongDate } from '../../components/month-calendar/month-grid';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { PaymentBadge } from '../../components/payment-badge/payment-badge';
import { ReplyDealtWithButton } from '../../components/reply-dealt-with/reply-dealt-with-button';
import { StateBadge } from '../../components/state-badge/state-badge';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import { useRoleCan } from '../../lib/use-role-can';
import { useDashboard, useResolveAppointment } from './dashboard-admin-api';
import {
  AWAITING_REFERRALS_PATH,
  appointmentCount,
  appointmentDetails,
  appointmentPath,
  oldestAwaiting,
  patientName,
  showsState,
  takingsMonths,
  timeRange,
} from './dashboard-labels';
import './dashboard.css';

function DayItem({ appointment }: { appointment: DashboardAppointment }) {
  return (
    <li className="dashboard-day__item">
      <Link className="dashboard-day__link" to={appointmentPath(appointment.id)}>
        <time className="dashboard-day__time" dateTime={appointment.starts_at}>
          {timeRange(appointment)}
        </time>{' '}
        <span className={`dashboard-day__name${appointment.full_name ? '' : ' dashboard-day__name--erased'}`}>
          {patientName(appointment)}
        </span>
      </Link>
      <span className="dashboard-day__details">{appointmentDetails(appointment)}</span>
      <span className="dashboard-day__badges">
        <span className="visually-hidden">Payment: </span>
        <PaymentBadge
          status={appointment.payment_status}
          amount={appointment.amount}
          balanceDue={appointment.balance_due}
          label={appointment.payment_status_label}
        />
        {showsState(appointment) && (
          <StateBadge tone={appointment.status === 'no_show' ? 'missed' : 'done'}>
            {appointment.status_label}
          </StateBadge>
        )}
        {appointment.intake_signed && (
          <span className="dashboard-day__form" title="Form signed">
            <span aria-hidden="true">☑</span>
            <span className="visually-hidden">Form signed</span>
          </span>
        )}
      </span>
    </li>
  );
}

/**
 * The appointments of the coming days (to the end of the third) whose intake and consent form is not signed yet;
 * the patient is e-mailed one reminder three days before.
 */
function IntakeMissingCard({ appointments }: { appointments: DashboardAppointment[] }) {
  const headingId = useId();
  return (
    <section className="dashboard-card dashboard-card--resolve" aria-labelledby={headingId}>
      <div className="dashboard-card__header">
        <h3 className="dashboard-card__title" id={headingId}>
          Forms not signed
        </h3>
        <p className="dashboard-card__count">{appointmentCount(appointments.length)}</p>
      </div>
      <ol className="dashboard-day">
        {appointments.map((appointment) => (
          <li key={appointment.id} className="dashboard-day__item">
            <Link className="dashboard-day__link" to={appointmentPath(appointment.id)}>
              <time className="dashboard-day__time" dateTime={appointment.starts_at}>
                {appointment.date} {timeRange(appointment)}
              </time>{' '}
              <span className="dashboard-day__name">{patientName(appointment)}</span>
            </Link>
            <span className="dashboard-day__details">{appointmentDetails(appointment)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function DayCard({
  title,
  date,
  appointments,
}: {
  title: string;
  date: string;
  appointments: DashboardAppointment[];
}) {
  const headingId = useId();
  return (
    <section className="dashboard-card dashboard-card--day" aria-labelledby={headingId}>
      <div className="dashboard-card__header">
        <h3 className="dashboard-card__title" id={headingId}>
          {title} <span className="dashboard-card__date">{formatLongDate(date)}</span>
        </h3>
        {appointments.length > 0 && (
          <p className="dashboard-card__count">{appointmentCount(appointments.length)}</p>
        )}
      </div>
      {appointments.length > 0 ? (
        <ol className="dashboard-day">
          {appointments.map((appointment) => (
            <DayItem key={appointment.id} appointment={appointment} />
          ))}
        </ol>
      ) : (
        <p className="dashboard-card__empty">Nothing booked {title.toLowerCase()}.</p>
      )}
    </section>
  );
}

/**
 * What ended unmarked in the last 30 days: each with its day, time and patient, and, for a role that may mark
 * it, whether the patient came. Once marked it leaves the list; the focus goes to the next one's first button,
 * or, once the last is marked, to the card's words saying nothing is left (the card stays until the dashboard is
 * shown again: `onResolving` keeps it).
 */
function ToResolveCard({
  toResolve,
  onResolving,
}: {
  toResolve: DashboardResponse['to_resolve'];
  onResolving: () => void;
}) {
  const headingId = useId();
  const mayWrite = useRoleCan('appointments_write');
  const resolve = useResolveAppointment();
  const notify = useNotify();
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  // The one just marked and its neighbours, until the list shows it gone: the focus goes to a neighbour's button.
  const [landing, setLanding] = useState<{ id: number; neighbours: number[] } | null>(null);
  const busy = resolve.isPending;
  const { appointments } = toResolve;
  const empty = appointments.length === 0;

  useEffect(() => {
    if (!landing || appointments.some((appointment) => appointment.id === landing.id)) return;
    const button = landing.neighbours
      .map((id) => listRef.current?.querySelector<HTMLElement>(`[data-id="${id}"] button`))
      .find(Boolean);
    (button ?? (empty ? emptyRef.current : headingRef.current))?.focus();
    setLanding(null);
  }, [landing, appointments, empty]);

  const mark = async (appointment: DashboardAppointment, status: 'attended' | 'no_show') => {
    if (busy) return;
    onResolving();
    const index = appointments.findIndex((each) => each.id === appointment.id);
    const neighbours = [appointments[index + 1], appointments[index - 1]].flatMap((each) =>
      each ? [each.id] : [],
    );
    try {
      await resolve.mutateAsync({ id: appointment.id, status });
    } catch (error) {
      notifyApiError(notify, error);
      return;
    }
    notify.success(attendanceMessages[status]);
    setLanding({ id: appointment.id, neighbours });
  };

  return (
    <section className="dashboard-card dashboard-card--resolve" aria-labelledby={headingId}>
      <div className="dashboard-card__header">
        <h3 className="dashboard-card__title" id={headingId} ref={headingRef} tabIndex={-1}>
          To resolve
        </h3>
        <p className="dashboard-card__count">{appointmentCount(toResolve.count)}</p>
      </div>
      <p className="dashboard-figure__note">Ended without attended or no-show marked, in the last 30 days.</p>
      {empty && (
        <p className="dashboard-card__empty" ref={emptyRef} tabIndex={-1}>
          Nothing left to resolve.
        </p>
      )}
      <ol className="dashboard-day" ref={listRef} hidden={empty}>
        {appointments.map((appointment) => (
          <li key={appointment.id} className="dashboard-day__item" data-id={appointment.id}>
            <Link className="dashboard-day__link" to={appointmentPath(appointment.id)}>
              <time className="dashboard-day__time" dateTime={appointment.starts_at}>
                {appointment.date} {appointment.start_time}
              </time>{' '}
              <span
                className={`dashboard-day__name${appointment.full_name ? '' : ' dashboard-day__name--erased'}`}
              >
                {patientName(appointment)}
              </span>
            </Link>
            <span className="dashboard-day__details">{appointmentDetails(appointment)}</span>
            {mayWrite && (
              <span className="dashboard-day__badges">
                {(['attended', 'no_show'] as const).map((status) => (
                  <button
                    key={status}
                    type="button"
                    className="button button--small button--secondary"
                    aria-disabled={busy || undefined}
                    onClick={() => void mark(appointment, status)}
                  >
                    {MARK_LABELS[status]}
                    <span className="visually-hidden"> {patientName(appointment)}</span>
                  </button>
                ))}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function ReferralsCard({ awaiting }: { awaiting: NonNullable<DashboardResponse['referrals_awaiting']> }) {
  const headingId = useId();
  const oldest = oldestAwaiting(awaiting.oldest_received_at);
  return (
    <section className="dashboard-card dashboard-card--figure" aria-labelledby={headingId}>
      <h3 className="dashboard-card__title" id={headingId}>
        Referrals
      </h3>
      <p className="dashboard-figure">
        <span className="dashboard-figure__value">{awaiting.count}</span> awaiting triage
      </p>
      {oldest && (
        <p className="dashboard-figure__note">
          <time dateTime={awaiting.oldest_received_at ?? undefined}>{oldest}</time>
        </p>
      )}
      <Link className="dashboard-card__link" to={AWAITING_REFERRALS_PATH}>
        {awaiting.count > 0 ? 'Triage the referrals awaiting' : 'See the referrals awaiting triage'}
      </Link>
    </section>
  );
}

/**
 * Texts (issue 34): not set up, or how many failed for good and how many replies asked to cancel; and the replies
 * waiting for staff (to cancel: call them; words: read them), each with "Mark dealt with".
 */
function TextsCard({ texts }: { texts: DashboardResponse['texts'] }) {
  const headingId = useId();
  return (
    <section className="dashboard-card dashboard-card--figure" aria-labelledby={headingId}>
      <h3 className="dashboard-card__title" id={headingId}>
        Texts
      </h3>
      {texts.set_up ? (
        <>
          <p className="dashboard-figure">
            <span className="dashboard-figure__value">{texts.failed}</span> failed (their e-mails went)
          </p>
          <p className="dashboard-figure">
            <span className="dashboard-figure__value">{texts.cancel_requests}</span> asked by text to cancel:
            please call them
          </p>
        </>
      ) : (
        <p className="dashboard-figure__note">{textTexts.notSetUp}</p>
      )}
      {texts.replies.length > 0 && (
        <ol className="dashboard-day" aria-label="Replies waiting">
          {texts.replies.map((reply) => (
            <li key={reply.id} className="dashboard-day__item">
              {reply.appointment_id === null ? (
                <span className="dashboard-day__time">{reply.from}</span>
              ) : (
                <Link className="dashboard-day__link" to={appointmentPath(reply.appointment_id)}>
                  <span className="dashboard-day__name">{reply.patient_name ?? reply.from}</span>
                </Link>
              )}
              <span className="dashboard-day__details">
                {textReplyLabels[reply.action]} · {formatAdminDateTime(reply.received_at)}
              </span>
              {reply.body && <q className="dashboard-reply__words">{reply.body}</q>}
              <ReplyDealtWithButton
                replyId={reply.id}
                which={`the reply from ${reply.patient_name ?? reply.from}`}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function WaitlistCard({ count }: { count: number }) {
  const headingId = useId();
  return (
    <section className="dashboard-card dashboard-card--figure" aria-labelledby={headingId}>
      <h3 className="dashboard-card__title" id={headingId}>
        Wait list
      </h3>
      <p className="dashboard-figure">
        <span className="dashboard-figure__value">{count}</span> {count === 1 ? 'person' : 'people'} waiting
      </p>
      <Link className="dashboard-card__link" to="/admin/waitlist">
        See the wait list
      </Link>
    </section>
  );
}

function TakingsCard({
  takings,
  today,
}: {
  takings: NonNullable<DashboardResponse['takings']>;
  today: string;
}) {
  const headingId = useId();
  const months = takingsMonths(today);
  return (
    <section className="dashboard-card dashboard-card--figure" aria-labelledby={headingId}>
      <h3 className="dashboard-card__title" id={headingId}>
        Takings
      </h3>
      <dl className="dashboard-takings">
        <div className="dashboard-takings__month">
          <dt>{months.thisMonth}</dt>
          <dd className="dashboard-figure__value">{formatEuro(takings.this_month)}</dd>
        </div>
        <div className="dashboard-takings__month dashboard-takings__month--last">
          <dt>{months.lastMonth}</dt>
          <dd>{formatEuro(takings.last_month)}</dd>
        </div>
      </dl>
      <p className="dashboard-figure__note">
        Money taken online and at the desk, less refunds made, in each month.
      </p>
      <Link className="dashboard-card__link" to="/admin/takings">
        See the takings day by day
      </Link>
    </section>
  );
}

/**
 * To do before the patients come: appointments their patients flagged from their booking link (could not stop their
 * antihistamines, unwell), and video appointments of the next 24 hours still without a join link.
 */
function ToDoCard({
  flagged,
  withoutLink,
}: {
  flagged: DashboardAppointment[];
  withoutLink: DashboardAppointment[];
}) {
  const headingId = useId();
  const items = [
    ...flagged.map((appointment) => ({ appointment, note: `⚑ ${appointment.flag_label ?? 'Flagged'}` })),
    ...withoutLink.map((appointment) => ({ appointment, note: 'Video link to set' })),
  ];
  return (
    <section className="dashboard-card dashboard-card--todo" aria-labelledby={headingId}>
      <div className="dashboard-card__header">
        <h3 className="dashboard-card__title" id={headingId}>
          To do
        </h3>
        <p className="dashboard-card__count">{appointmentCount(items.length)}</p>
      </div>
      <ol className="dashboard-day">
        {items.map(({ appointment, note }) => (
          <li key={`${appointment.id}-${note}`} className="dashboard-day__item">
            <Link className="dashboard-day__link" to={appointmentPath(appointment.id)}>
              <time className="dashboard-day__time" dateTime={appointment.starts_at}>
                {appointment.date} {appointment.start_time}
              </time>{' '}
              {appointment.full_name ?? 'Patient erased'}: {note}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The staff dashboard: the clinic's today and tomorrow (each appointment opens its screen), the referrals
 * awaiting triage and this month's and last month's takings, as the server works them out in clinic time; above
 * them, a notice of today's visitors' uploads when the server finds them unusual.
 */
export function StaffDashboard() {
  const dashboard = useDashboard();
  const headingId = useId();
  const { data } = dashboard;
  // Once staff mark one, the card stays when it empties, so the focus has somewhere to go.
  const [resolving, setResolving] = useState(false);
  const showsToResolve = (data?.to_resolve.count ?? 0) > 0 || resolving;
  const showsToDo = (data?.flagged.length ?? 0) + (data?.video_links_missing.length ?? 0) > 0;
  const showsTexts =
    data !== undefined &&
    (!data.texts.set_up || data.texts.failed + data.texts.cancel_requests + data.texts.replies.length > 0);
  return (
    <section className="dashboard" aria-labelledby={headingId}>
      <h2 className="visually-hidden" id={headingId}>
        At a glance
      </h2>
      {data?.unusual_uploads && (
        <p className="admin-notice dashboard__notice" role="status">
          {data.unusual_uploads.notice}
        </p>
      )}
      {data ? (
        <div className="dashboard__grid">
          <DayCard title="Today" date={data.days.today} appointments={data.today} />
          <DayCard title="Tomorrow" date={data.days.tomorrow} appointments={data.tomorrow} />
          {/* Each figure only when the server answered it: a role that may not see it is not sent it. */}
          {(showsToResolve ||
            showsToDo ||
            data.referrals_awaiting ||
            data.waitlist_active !== undefined ||
            data.takings ||
            showsTexts ||
            data.intake_missing.length > 0) && (
            <div className="dashboard__figures">
              {showsToDo && <ToDoCard flagged={data.flagged} withoutLink={data.video_links_missing} />}
              {data.intake_missing.length > 0 && <IntakeMissingCard appointments={data.intake_missing} />}
              {showsToResolve && (
                <ToResolveCard toResolve={data.to_resolve} onResolving={() => setResolving(true)} />
              )}
              {data.referrals_awaiting && <ReferralsCard awaiting={data.referrals_awaiting} />}
              {data.waitlist_active !== undefined && <WaitlistCard count={data.waitlist_active} />}
              {data.takings && <TakingsCard takings={data.takings} today={data.days.today} />}
              {showsTexts && <TextsCard texts={data.texts} />}
            </div>
          )}
        </div>
      ) : dashboard.isError ? (
        <p className="dashboard__message" role="alert">
          Today’s overview could not be loaded. {dashboard.error.message}
        </p>
      ) : (
        <p className="dashboard__message" role="status">
          Loading today’s overview…
        </p>
      )}
    </section>
  );
}
