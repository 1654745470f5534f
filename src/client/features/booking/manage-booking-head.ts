import type { PageHead } from '../../app/route-handle';

/** The head of a patient's own booking page: also the server's, which sends that page as the client-only shell. */
export const manageBookingHead: PageHead = {
  title: 'Your booking',
  description: 'See your appointment at the clinic, move it or cancel it.',
  noindex: true,
};
