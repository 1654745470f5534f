import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { antihistamineTexts, asksPharmacist, stopDays } from '../../../shared/antihistamines';
import { bookingTexts } from '../../../shared/booking';
import { clinic, isLocationKey } from '../../../shared/clinic';
import { formatEuro } from '../../../shared/euro';
import { intakePath } from '../../../shared/intake';
import { flagChoices } from '../../../shared/way-out';
import { BookingSteps, StepHeading } from '../../components/booking-steps/booking-steps';
import { ClickToLoadMap } from '../../components/click-to-load-map/click-to-load-map';
import { formatLongDate } from '../../components/month-calendar/month-grid';
import { bookingCalendarPath } from '../../lib/booking-hold';
import { clinicDayTime, clinicToday, formatClock12 } from '../../lib/clinic-clock';
import { saveBlob } from '../../lib/download-file';
import type { RouteHandle } from '../../lib/route-handle';
import { readConfirmation, type StoredConfirmation } from './booking-storage';
import { CalendarLinks } from './calendar-links';
import {
  antihistamineStops,
  calendarFile,
  STOP_SPRAYS_DAYS_BEFORE,
  STOP_TABLETS_DAYS_BEFORE,
} from './confirmation-details';
import { appointmentName } from './held-slot-summary';
import { bookingConfirmedHead } from './manage-booking-head';
import { StopFrom, StopOn } from './stop-from';
import '../../styles/request-forms.css';
import './booking.css';

/** The patient's notice to cancel or move online (shared/manage-booking.ts CANCELLATION_NOTICE_HOURS). */
const NOTICE_HOURS = 48;

export const handle: RouteHandle = { head: () => bookingConfirmedHead };

/**
 * `/booking/confirmed`: after paying, what was booked (the reference, what, when, where or the video note, the
 * amount), how to prepare for a test with its days, the event for the visitor's calendar and what happens next.
 * The payment step keeps it in this tab: a reload shows it again, another tab or device does not. The booking's own
 * token is kept apart (`rememberPaidBooking`), so the form's link below still opens the form after a reload.
 */
export function Component() {
  // Session storage exists only in the browser; this page is client-only, but read it after mounting anyway.
  const [confirmation, setConfirmation] = useState<StoredConfirmation | null>();
  useEffect(() => setConfirmation(readConfirmation() ?? null), []);

  if (confirmation === undefined) {
    return (
      <div className="page container booking-step">
        <p role="status">Loading your booking…</p>
      </div>
    );
  }
  if (confirmation === null) {
    return (
      <div className="page container booking-step">
        <h1 className="page__title">No booking to show</h1>
        <p>
          This page shows a booking just after it is paid, in the same browser tab. Your confirmation e-mail
          has every detail of your appointment, and a link to see it again.
        </p>
        <p>
          <Link to={bookingCalendarPath(false)}>Book an Allergy Test</Link> ·{' '}
          <Link to={bookingCalendarPath(true)}>Book A Video Consultation</Link>
        </p>
      </div>
    );
  }
  return <Confirmation appointment={confirmation} />;
}

/**
 * A test booked too soon to stop: the way out (the booking page's "I could not stop my antihistamines", reached from
 * the e-mail's link, as this page holds no key to the booking page) is named here, not left to be found.
 */
const couldNotStopLine = `Could not stop in time? Open your booking from the link in your confirmation e-mail and choose “${flagChoices.could_not_stop}”: you can then move the test once, free of charge.`;

function Confirmation({ appointment }: { appointment: StoredConfirmation }) {
  const place =
    appointment.location && isLocationKey(appointment.location)
      ? clinic.locations[appointment.location]
      : undefined;
  const stops =
    !appointment.isVideoCall && appointment.startsAt ? antihistamineStops(appointment.startsAt) : undefined;
  // The patient's own days, when they told us what they take.
  const taken = appointment.antihistamines ?? null;
  const ownStops =
    stops && taken !== null ? stopDays(clinicDayTime(appointment.startsAt).date, taken) : undefined;

  const addToCalendar = () => {
    const service = appointmentName(appointment);
    const text = calendarFile({
      uid: appointment.calendar?.uid ?? `booking-${appointment.startsAt}@dublinallergyclinic.ie`,
      sequence: appointment.calendar?.sequence ?? 0,
      startsAt: appointment.startsAt,
      endsAt: appointment.endsAt,
      title: `${clinic.name}: ${service}`,
      description: `${service}${appointment.patientName ? ` for ${appointment.patientName}` : ''}. ${
        appointment.isVideoCall
          ? 'Video consultation: the clinic e-mails you the link to join.'
          : 'Please arrive 15 minutes early.'
      }${appointment.reference ? ` Reference ${appointment.reference}.` : ''}`,
      location: appointment.isVideoCall ? 'Video consultation' : (appointment.address ?? ''),
      // Every kind when not asked, as the e-mailed invite has them.
      stops: stops ? (ownStops ?? stopDays(clinicDayTime(appointment.startsAt).date, null)) : undefined,
    });
    saveBlob(new Blob([text], { type: 'text/calendar;charset=utf-8' }), 'appointment.ics');
  };

  return (
    <div className="page container booking-step booking-confirmed">
      <StepHeading step={3} level={1} className="page__title">
        Booking confirmed
      </StepHeading>
      <BookingSteps current={3} />
      <p className="booking-confirmed__lead" role="status">
        {appointment.isVideoCall ? bookingTexts.bookedVideo : bookingTexts.bookedTest}
      </p>
      <div className="booking-step__layout">
        <section className="held-slot" aria-labelledby="confirmed-title">
          <h2 id="confirmed-title" className="held-slot__title">
            Your appointment
          </h2>
          <dl className="held-slot__list">
            {appointment.reference && (
              <div>
                <dt>Reference</dt>
                <dd className="booking-confirmed__reference">{appointment.reference}</dd>
              </div>
            )}
            <div>
              <dt>Appointment</dt>
              <dd>{appointmentName(appointment)}</dd>
            </div>
            {appointment.patientName && (
              <div>
                <dt>For</dt>
                <dd>{appointment.patientName}</dd>
              </div>
            )}
            <div>
              <dt>Day</dt>
              <dd>{formatLongDate(appointment.date)}</dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>
                {formatClock12(appointment.startTime)} – {formatClock12(appointment.endTime)} (Dublin time)
              </dd>
            </div>
            <div>
              <dt>{appointment.isVideoCall ? 'How' : 'Where'}</dt>
              <dd>
                {appointment.isVideoCall
                  ? 'Video consultation: the clinic e-mails you the link to join before the appointment. No travel needed.'
                  : appointment.address}
              </dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>{formatEuro(appointment.amount)}</dd>
            </div>
          </dl>
          {place && (
            <div className="booking-confirmed__map">
              <a href={place.directionsUrl} target="_blank" rel="noopener noreferrer">
                Directions in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              <ClickToLoadMap place={place} compact />
            </div>
          )}
          {appointment.startsAt && (
            <>
              <button type="button" className="button button--secondary" onClick={addToCalendar}>
                Add to calendar (.ics)
              </button>
              <CalendarLinks
                event={{
                  title: `${clinic.name}: ${appointmentName(appointment)}`,
                  startsAt: appointment.startsAt,
                  endsAt: appointment.endsAt,
                  description: `${appointmentName(appointment)}.${appointment.reference ? ` Reference ${appointment.reference}.` : ''}`,
                  location: appointment.isVideoCall ? 'Video consultation' : (appointment.address ?? ''),
                }}
              />
            </>
          )}
        </section>

        <div className="booking-confirmed__next">
          {stops ? (
            <section aria-labelledby="prepare-title">
              <h2 id="prepare-title" className="booking-form__title">
                How to prepare for the allergy test
              </h2>
              {ownStops ? (
                <ul className="booking-confirmed__list booking-confirmed__stops">
                  {ownStops.length === 0 && <li>{antihistamineTexts.nothingToStop}</li>}
                  {ownStops.map((stop) => (
                    <li key={stop.medicine}>
                      <StopOn stop={stop} />
                    </li>
                  ))}
                  {asksPharmacist(taken) && <li>{antihistamineTexts.askPharmacist}</li>}
                  {ownStops.some((stop) => stop.day < clinicToday()) && <li>{couldNotStopLine}</li>}
                  <li>Arrive 15 minutes early: the skin prick reaction is read after 15 minutes.</li>
                </ul>
              ) : (
                <ul className="booking-confirmed__list">
                  <li>
                    <StopFrom
                      what="antihistamine tablets and syrups"
                      day={stops.tablets}
                      daysBefore={STOP_TABLETS_DAYS_BEFORE}
                    />
                  </li>
                  <li>
                    <StopFrom
                      what="nasal antihistamine sprays"
                      day={stops.sprays}
                      daysBefore={STOP_SPRAYS_DAYS_BEFORE}
                    />
                  </li>
                  {stops.tablets < clinicToday() && <li>{couldNotStopLine}</li>}
                  <li>Arrive 15 minutes early: the skin prick reaction is read after 15 minutes.</li>
                </ul>
              )}
            </section>
          ) : (
            appointment.isVideoCall && (
              <section aria-labelledby="prepare-title">
                <h2 id="prepare-title" className="booking-form__title">
                  Before the video consultation
                </h2>
                <ul className="booking-confirmed__list">
                  <li>
                    Join from a quiet place with a good internet connection a few minutes before the time.
                  </li>
                </ul>
              </section>
            )
          )}
          {appointment.reference && !appointment.isVideoCall && (
            <section aria-labelledby="intake-title">
              <h2 id="intake-title" className="booking-form__title">
                Your intake and consent form
              </h2>
              <p>
                Please fill in the clinic’s intake and consent form before your visit: it takes about ten
                minutes, and your answers are kept as you type.
              </p>
              <p>
                <Link to={intakePath(appointment.reference)} className="button button--primary">
                  Fill in the form
                </Link>
              </p>
            </section>
          )}
          <section aria-labelledby="next-title">
            <h2 id="next-title" className="booking-form__title">
              What happens next
            </h2>
            <ul className="booking-confirmed__list">
              <li>
                We have e-mailed your confirmation, receipt and calendar invite
                {appointment.email ? (
                  <>
                    {' '}
                    to <strong>{appointment.email}</strong>
                  </>
                ) : null}
                .
              </li>
              <li>
                To cancel or move your appointment, use the link in your confirmation e-mail, up to{' '}
                {NOTICE_HOURS} hours before it starts.
              </li>
              <li>
                Questions? Call <a href={clinic.phoneHref}>{clinic.phone}</a> or e-mail{' '}
                <a href={`mailto:${clinic.email}`}>{clinic.email}</a>.
              </li>
            </ul>
            <p>
              <Link to="/">Back to the home page</Link>
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
