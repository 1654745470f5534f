import { clinic } from '../../../shared/clinic';
import { formatEuro } from '../../../shared/euro';
import type { ManagedAppointment } from '../../../shared/manage-booking';
import { formatLongDate } from '../../components/month-calendar/month-grid';
import { StateBadge, type StateTone } from '../../components/state-badge/state-badge';
import { clinicDayTime, formatClock12, formatTime12 } from '../../lib/clinic-clock';
import { paymentWords, statusWords } from './manage-booking-texts';

const statusTones: Record<ManagedAppointment['status'], StateTone> = {
  upcoming: 'active',
  cancelled: 'ended',
  over: 'done',
};

/** 'Tuesday 8 December 2026, 9:00 AM': an instant on the clinic's calendar and clock. */
export function formatClinicMoment(instant: string): string {
  const { date, minutes } = clinicDayTime(instant);
  return `${formatLongDate(date)}, ${formatTime12(minutes)}`;
}

/** The appointment's day and times, as its confirmation dialogs name them: 'Tuesday 8 December 2026, 9:00 AM'. */
export const appointmentMoment = (slot: ManagedAppointment['session']) =>
  `${formatLongDate(clinicDayTime(slot.starts_at).date)}, ${formatClock12(slot.start_time)}`;

/** What, who, when, where, what it costs and how it was paid (the reference is the page's lead). */
export function ManagedAppointmentDetails({ appointment }: { appointment: ManagedAppointment }) {
  const { session: slot } = appointment;
  const place = slot.location ? clinic.locations[slot.location] : undefined;
  return (
    <section className="held-slot manage-booking__details" aria-labelledby="manage-booking-details-title">
      <div className="manage-booking__heading">
        <h2 id="manage-booking-details-title" className="held-slot__title">
          Your appointment
        </h2>
        <StateBadge tone={statusTones[appointment.status]}>{statusWords[appointment.status]}</StateBadge>
      </div>
      <dl className="held-slot__list">
        <div>
          <dt>Appointment</dt>
          <dd>{appointment.service}</dd>
        </div>
        <div>
          <dt>For</dt>
          <dd>{appointment.patient_name}</dd>
        </div>
        <div>
          <dt>Day</dt>
          <dd>{formatLongDate(clinicDayTime(slot.starts_at).date)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            {formatClock12(slot.start_time)} – {formatClock12(slot.end_time)}{' '}
            <span className="manage-booking__zone">(Dublin time)</span>
          </dd>
        </div>
        <div>
          <dt>{slot.is_video_call ? 'How' : 'Where'}</dt>
          <dd>
            {slot.is_video_call &&
              'Video consultation: the clinic e-mails you the link to join before the appointment. No travel needed.'}
            {!slot.is_video_call && place && (
              <>
                <span className="manage-booking__address">
                  {[...place.addressLines, place.postcode].map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </span>
                <a href={place.directionsUrl} target="_blank" rel="noopener noreferrer">
                  Get directions<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </>
            )}
            {!slot.is_video_call && !place && slot.address}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatEuro(appointment.price)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{paymentWords(appointment)}</dd>
        </div>
      </dl>
    </section>
  );
}
