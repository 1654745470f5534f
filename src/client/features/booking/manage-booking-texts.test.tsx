import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getManagedBooking } from '../../../shared/api/manage-booking-endpoints';
import { clinic } from '../../../shared/clinic';
import { MANAGE_TOKEN_HEADER, manageBookingTexts } from '../../../shared/manage-booking';
import { NoticePassed, notFoundText, noticePassedText, paymentWords } from './manage-booking-texts';

/** The header the page sends the link's token in: its endpoint's. */
const MANAGE_HEADER = getManagedBooking.headers.manageToken;

describe("the booking page's copies of the contract", () => {
  it('are the contract’s header and texts, word for word', () => {
    expect(MANAGE_HEADER).toBe(MANAGE_TOKEN_HEADER);
    expect(notFoundText).toBe(manageBookingTexts.notFound);
    expect(noticePassedText).toBe(manageBookingTexts.noticePassed);
  });

  it('show the 48-hour notice with the phone and e-mail as links, reading as the contract', () => {
    const html = renderToStaticMarkup(<NoticePassed />);
    expect(html).toContain(`<a href="${clinic.phoneHref}" class="manage-booking__phone">${clinic.phone}</a>`);
    expect(html).toContain(`<a href="mailto:${clinic.email}">${clinic.email}</a>`);
    expect(html.replace(/<[^>]+>/g, '')).toBe(manageBookingTexts.noticePassed);
  });
});

describe('payment words', () => {
  it('say how the booking was paid, and that a cancelled unpaid one owes nothing', () => {
    expect(paymentWords({ payment_status: 'paid', status: 'upcoming' })).toBe('Paid online');
    expect(paymentWords({ payment_status: 'refunded', status: 'cancelled' })).toBe('Refunded in full');
    expect(paymentWords({ payment_status: 'refunding', status: 'cancelled' })).toBe(
      'Being refunded to your card',
    );
    expect(paymentWords({ payment_status: 'unpaid', status: 'upcoming' })).toBe(
      'Not paid online: you pay the clinic',
    );
    expect(paymentWords({ payment_status: 'unpaid', status: 'cancelled' })).toBe('Not paid online');
  });
});
