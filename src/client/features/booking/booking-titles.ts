/** The booking pages' titles (spec 2.3), by the held slot's kind. */
export const bookingTitle = (isVideoCall: boolean) =>
  isVideoCall ? 'Book A Video Consultation' : 'Book an Allergy Test';

/**
 * The confirmation page after paying: under `/booking/` with the patient's own booking pages, client-only like
 * them (its data is this tab's), and never taken for a reference (`confirmed` has letters references never use).
 * `app/routes.tsx` names it too (importing it there would split the shared modules out of the entry chunk).
 */
export const BOOKING_CONFIRMED_PATH = '/booking/confirmed';
