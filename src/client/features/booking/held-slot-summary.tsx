import type { ReactNode } from 'react';
import { formatEuro } from '../../../shared/euro';
import { formatLongDate } from '../../components/month-calendar/month-grid';
import type { StoredHold } from '../../lib/booking-hold';
import { formatClock12 } from '../../lib/clinic-clock';

/** What the summary shows of the held slot (the price may be the booking's, from the server). */
export type SlotSummary = Pick<
  StoredHold,
  'isVideoCall' | 'isAdult' | 'date' | 'startTime' | 'endTime' | 'address' | 'price'
>;

/** 'Allergy test, adult' / 'Video consultation, child'. */
export const appointmentName = (slot: Pick<SlotSummary, 'isVideoCall' | 'isAdult'>) =>
  `${slot.isVideoCall ? 'Video consultation' : 'Allergy test'}, ${slot.isAdult ? 'adult' : 'child'}`;

/** The held appointment: kind, day, time, where (or the video note) and the price. */
export function HeldSlotSummary({ slot, children }: { slot: SlotSummary; children?: ReactNode }) {
  return (
    <section className="held-slot" aria-labelledby="held-slot-title">
      <h2 id="held-slot-title" className="held-slot__title">
        Your appointment
      </h2>
      <dl className="held-slot__list">
        <div>
          <dt>Appointment</dt>
          <dd>{appointmentName(slot)}</dd>
        </div>
        <div>
          <dt>Day</dt>
          <dd>{formatLongDate(slot.date)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            {formatClock12(slot.startTime)} – {formatClock12(slot.endTime)}
          </dd>
        </div>
        <div>
          <dt>{slot.isVideoCall ? 'How' : 'Address'}</dt>
          <dd>
            {slot.isVideoCall
              ? 'Video consultation: the clinic e-mails you the link to join before the appointment. No travel needed.'
              : slot.address}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatEuro(slot.price)}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
