import { useState } from 'react';
import { Link } from 'react-router';
import { BookingSteps } from '../../components/booking-steps/booking-steps';
import { bookingCalendarPath } from '../../lib/booking-hold';
import type { RouteHandle } from '../../lib/route-handle';
import { bookingTitle } from './booking-titles';
import { HeldSlotSummary } from './held-slot-summary';
import { HoldCountdown } from './hold-countdown';
import { RequestForm } from './request-form';
import { useHeldSlot } from './use-held-slot';
import '../../styles/request-forms.css';
import './booking.css';

/**
 * `/confirm`: the request form of the paid booking, after a slot is held (spec 2.3 and 4). The hold lives
 * in session storage, so the server renders a shell and the browser fills it in, or goes to `/` when no
 * slot is held.
 */
export const handle: RouteHandle = {
  head: () => ({
    title: 'Your details – Book An Appointment',
    description: 'Your details for the time you chose.',
    noindex: true,
  }),
};

export function Component() {
  const { hold, backToCalendar, cancel: cancelHold } = useHeldSlot();
  const [cancelling, setCancelling] = useState(false);

  if (!hold) {
    return (
      <div className="page container booking-step">
        <p role="status">Loading your booking…</p>
      </div>
    );
  }

  const cancel = async () => {
    setCancelling(true);
    await cancelHold();
  };

  return (
    <div className="page container booking-step">
      <h1 className="page__title">{bookingTitle(hold.isVideoCall)}</h1>
      <BookingSteps current={1} />
      <div className="booking-step__layout">
        <HeldSlotSummary slot={hold}>
          <HoldCountdown expiresAt={hold.expiresAt} />
          <Link className="held-slot__change" to={bookingCalendarPath(hold.isVideoCall)}>
            Choose another time
          </Link>
        </HeldSlotSummary>
        <RequestForm
          hold={hold}
          onHoldLost={(message) => backToCalendar(message)}
          onCancel={() => void cancel()}
          cancelling={cancelling}
        />
      </div>
    </div>
  );
}
