import { describe, expect, it } from 'vitest';
import { BOOKING_CONFIRMED_PATH } from '../features/booking/booking-titles';
import { isClientOnlyPath, isOwnBookingPath } from './routes';

describe('client-only paths', () => {
  it("are the back office, the sign-in and a patient's own booking page", () => {
    for (const path of [
      '/login',
      '/login/invite',
      '/admin',
      '/admin/blog',
      '/booking/K7W2QX',
      '/Booking/k7w2qx/',
      '/booking/%4B7W2QX',
      '/booking/confirmed',
      '/Booking/Confirmed/',
      '/booking/K7W2QX/intake',
    ]) {
      expect(isClientOnlyPath(path), path).toBe(true);
    }
  });

  it("take the confirmation after paying for no patient's reference", () => {
    expect(isOwnBookingPath('/booking/K7W2QX')).toBe(true);
    expect(isOwnBookingPath(BOOKING_CONFIRMED_PATH)).toBe(false);
    expect(isClientOnlyPath(BOOKING_CONFIRMED_PATH)).toBe(true);
    expect(isOwnBookingPath('/booking/CONFIRMED/')).toBe(false);
  });

  it('are not the public pages, the booking steps, nor other paths under /booking', () => {
    for (const path of [
      '/',
      '/sessions_availability/booking_test',
      '/confirm',
      '/payment',
      '/booking',
      '/booking/',
      '/booking/K7W2QX/more',
      '/bookings/K7W2QX',
    ]) {
      expect(isClientOnlyPath(path), path).toBe(false);
    }
  });
});
