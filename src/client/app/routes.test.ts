import { describe, expect, it } from 'vitest';
import { isClientOnlyPath } from './routes';

describe('client-only paths', () => {
  it("are the back office, the sign-in and a patient's own booking page", () => {
    for (const path of [
      '/login',
      '/admin',
      '/admin/blog',
      '/booking/K7W2QX',
      '/Booking/k7w2qx/',
      '/booking/%4B7W2QX',
    ]) {
      expect(isClientOnlyPath(path), path).toBe(true);
    }
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
