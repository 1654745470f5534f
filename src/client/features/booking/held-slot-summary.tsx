import type { ReactNode } from 'react';
import { formatEuro } from '../../../shared/euro';
import { formatLongDate } from '../../components/month-calendar/month-grid';

/** '9:30 AM' for 'HH:mm'. */
export function formatClock(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

export interface SlotSummary {
  isVideoCall: boolean;
  isAdult: boolean;
  /** YYYY-MM-DD, clinic day. */
  date: string;
  startTime: string;
  endTime: string;
  address: string | null;
  price: number;
}

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
            {formatClock(slot.startTime)} – {formatClock(slot.endTime)}
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
