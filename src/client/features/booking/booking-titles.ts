/** The booking pages' titles (spec 2.3), by the held slot's kind. */
export const bookingTitle = (isVideoCall: boolean) =>
  isVideoCall ? 'Book A Video Consultation' : 'Book an Allergy Test';
