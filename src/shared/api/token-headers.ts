import type { BOOKING_TOKEN_HEADER } from '../booking';
import type { MANAGE_TOKEN_HEADER } from '../manage-booking';
import type { HOLD_TOKEN_HEADER } from '../slots';

// The headers that carry a booking's secret tokens (never a URL), for the endpoints that read them. Literals
// held to the server's constants by type: those constants live in modules that define Zod schemas too, and the
// endpoint definitions must not bring any into the browser.

/** A visitor's hold on a slot. */
export const HOLD_TOKEN: typeof HOLD_TOKEN_HEADER = 'x-hold-token';

/** A booking made by the request form, to read it back and pay it. */
export const BOOKING_TOKEN: typeof BOOKING_TOKEN_HEADER = 'x-booking-token';

/** The patient's own booking link (the fragment of the confirmation e-mail's link). */
export const MANAGE_TOKEN: typeof MANAGE_TOKEN_HEADER = 'x-manage-token';
