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
  token: 'offer-token-never-in-a-text',
  publicUrl: 'http://clinic.test',
});

describe('queueOfferMessage', () => {
  it('texts a consenting mobile beside the e-mail, without the link’s token, and never in the quiet hours', async () => {
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
    // 22:30 in Dublin: a text would wait for 08:00, after the hold had lapsed.
    const night = new Date('2027-03-03T22:30:00Z');
    await queueOfferMessage(
      db,
      message({ email: 'd@example.ie', phone: '+353871234569', smsConsent: true }),
      night,
    );

    const texts = await db.select().from(textOutbox);
    expect(texts.map((text) => [text.toPhone, text.kind])).toEqual([['+353871234567', 'waitlist_offer']]);
    expect(texts[0]?.body).toContain('10/03/2027 10:30');
    expect(texts[0]?.body).toContain('until 11:00');
    expect(texts[0]?.body).not.toContain('offer-token-never-in-a-text');
    expect(texts[0]?.body).not.toMatch(/allergy test|skin/i);
  });
});
