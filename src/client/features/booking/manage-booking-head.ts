import type { PageHead } from '../../lib/route-handle';

/** The head of a patient's own booking page: also the server's, which sends that page as the client-only shell. */
export const manageBookingHead: PageHead = {
  title: 'Your booking',
  description: 'See your appointment at the clinic, move it or cancel it.',
  noindex: true,
};

/** The head of the confirmation after paying (`/booking/confirmed`), client-only as well. */
export const bookingConfirmedHead: PageHead = {
  title: 'Booking confirmed',
  description: 'Your appointment at the clinic is booked and paid.',
  noindex: true,
};

/** The head of a booking's intake and consent form (`/booking/{reference}/intake`), client-only as well. */
export const intakeHead: PageHead = {
  title: 'Intake and consent form',
  description: 'The clinic’s intake and consent form, filled in before the visit.',
  noindex: true,
};
