import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOutbox } from '../../db/schema';
import { createAdminBookingTestApp } from '../../test/booking-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { type OfferMessage, queueOfferMessage } from './waitlist-offer-message';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const message = (entry: OfferMessage['entry']): OfferMessage => ({
  entry,
  slot: { startsAt: new Date('2027-03-10T10:30:00Z'), location: 'adult_1', isVideoCall: false },
  offer: { expiresAt: new Date('2027-03-03T11:00:00Z') },
  token: 'the-offer-token',
  publicUrl: 'http://clinic.test',
});

describe('queueOfferMessage', () => {
  it('texts a consenting mobile beside the e-mail with the link that books it, and one made at night at 08:00', async () => {
    const db = t.database.db;
    const daytime = new Date('2027-03-03T10:30:00Z');
    await queueOfferMessage(
      db,
      message({ email: 'a@example.ie', phone: '+353871234567', smsConsent: true }),
      daytime,
    );
    await queueOfferMessage(
      db,
      message({ email: 'b@example.ie', phone: '+353871234568', smsConsent: false }),
      daytime,
    );
    await queueOfferMessage(db, message({ email: 'c@example.ie', phone: null, smsConsent: true }), daytime);
    // 22:30 in Dublin: the text waits for 08:00, when the offer's hold starts to count.
    const night = new Date('2027-03-03T22:30:00Z');
    await queueOfferMessage(
      db,
      message({ email: 'd@example.ie', phone: '+353871234569', smsConsent: true }),
      night,
    );

    const texts = await db.select().from(textOutbox).orderBy(textOutbox.id);
    expect(texts.map((text) => [text.toPhone, text.kind])).toEqual([
      ['+353871234567', 'waitlist_offer'],
      ['+353871234569', 'waitlist_offer'],
    ]);
    expect(texts[0]?.body).toContain('10/03/2027 10:30');
    expect(texts[0]?.body).toContain('until 11:00');
    expect(texts[0]?.body).toContain(
      'http://clinic.test/sessions_availability/booking_test?offer=the-offer-token',
    );
    expect(texts[0]?.body).not.toMatch(/allergy test|skin/i);
    expect(texts[1]?.nextAttemptAt.toISOString()).toBe('2027-03-04T08:00:00.000Z');
  });
});
