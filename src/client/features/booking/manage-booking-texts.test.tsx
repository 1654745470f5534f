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
  const booking = { price: 180, paid_at_clinic: 0 };
  it('say how the booking was paid, and that a cancelled unpaid one owes nothing', () => {
    expect(paymentWords({ ...booking, payment_status: 'paid', status: 'upcoming' })).toBe('Paid online');
    expect(paymentWords({ ...booking, payment_status: 'refunded', status: 'cancelled' })).toBe(
      'Refunded in full',
    );
    expect(paymentWords({ ...booking, payment_status: 'refunding', status: 'cancelled' })).toBe(
      'Being refunded to your card',
    );
    expect(paymentWords({ ...booking, payment_status: 'unpaid', status: 'upcoming' })).toBe(
      'Not paid online: you pay the clinic',
    );
    expect(paymentWords({ ...booking, payment_status: 'unpaid', status: 'cancelled' })).toBe(
      'Not paid online',
    );
  });

  it('say what was paid at the clinic, what is left to pay there, and that the clinic gives it back once cancelled', () => {
    const atClinic = { ...booking, payment_status: 'paid_at_clinic' as const };
    expect(paymentWords({ ...atClinic, paid_at_clinic: 180, status: 'upcoming' })).toBe(
      'Paid at the clinic (€180)',
    );
    expect(paymentWords({ ...atClinic, paid_at_clinic: 100, status: 'upcoming' })).toBe(
      '€100 paid at the clinic, €80 to pay there',
    );
    expect(paymentWords({ ...atClinic, paid_at_clinic: 100, status: 'cancelled' })).toBe(
      '€100 paid at the clinic: the clinic will contact you to give it back',
    );
  });
});
