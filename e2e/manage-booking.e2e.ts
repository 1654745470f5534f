import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { clinic } from '../src/shared/clinic';
import { manageBookingTexts } from '../src/shared/manage-booking';
import { adminAuthorization, bookAndPay, createSlots, freshDays, runSurname, type SlotKind } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  openPage,
  screenshot,
  viewportSweep,
  visitorAddress,
  waitForHydration,
} from './browser';
import { calendarProperty, type ReceivedMail, waitForMailWhere } from './mailbox';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/*
 * A patient manages their paid booking from the link in their confirmation e-mail (issue 20), as a patient does:
 * the booking is made and paid through the API as their browser would, and the link is read from the e-mail the
 * local mail server received. Each test has days of its own in a month no other browser test uses (four
 * months after the demonstration slots' weeks); the 48-hour test has tomorrow, on the real clock.
 */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 4), 3);
const adultTest: SlotKind = { isAdult: true, isVideoCall: false };
const adultVideo: SlotKind = { isAdult: true, isVideoCall: true };

interface Patient {
  first: string;
  last: string;
  email: string;
}

/** A patient of this run: a surname of its own, so their e-mails and the clinic's about them are theirs only. */
function patient(first: string, prefix: string): Patient {
  const last = runSurname(prefix);
  return { first, last, email: `${first}.${last}@example.ie`.toLowerCase() };
}

const bookingFields = (kind: SlotKind, person: Patient) => ({
  is_adult: kind.isAdult,
  is_video_call: kind.isVideoCall,
  first_name: person.first,
  last_name: person.last,
  email: person.email,
  phone: '087 123 4567',
  dob: '1990-04-12',
  ...(kind.isVideoCall
    ? {}
    : {
        consultant_name: 'Dr Walsh',
        consultant_addres: '12 Harcourt Street, Dublin 2',
        antihistamine: true,
        agreement: true,
      }),
});

interface BookingLink {
  link: string;
  reference: string;
  token: string;
}

/** The `{PUBLIC_URL}/booking/{reference}#{token}` link of an e-mail's text, if it has one. */
function manageLinkOf(text: string): BookingLink | undefined {
  const match = /(https?:\/\/[^\s<>"]+\/booking\/([0-9A-Za-z]+)#([A-Za-z0-9_.~-]+))/.exec(text);
  return match ? { link: match[1] ?? '', reference: match[2] ?? '', token: match[3] ?? '' } : undefined;
}

/** Books and pays the slot for `person`; answers their confirmation e-mail and the booking link in it. */
async function bookWithLink(
  slotId: number,
  kind: SlotKind,
  person: Patient,
): Promise<BookingLink & { confirmation: ReceivedMail }> {
  await bookAndPay(slotId, bookingFields(kind, person));
  const confirmation = await waitForMailWhere(
    person.email,
    (mail) => manageLinkOf(mail.text) !== undefined,
    'with the link to their booking',
  );
  const link = manageLinkOf(confirmation.text);
  if (!link) throw new Error('no booking link');
  return { ...link, confirmation };
}

/** A slot's status as staff see it. */
async function slotStatus(day: string, kind: SlotKind, id: number): Promise<string | undefined> {
  const query = `date=${day}&is_adult=${kind.isAdult}&is_video_call=${kind.isVideoCall}`;
  const response = await fetch(`${baseUrl()}/api/admin/sessions?${query}`, { headers: auth });
  const { sessions } = (await response.json()) as { sessions: { id: number; status: string }[] };
  return sessions.find((session) => session.id === id)?.status;
}

/** The focused element's text (or its id when it has no text). */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.id || '');

/** Opens the e-mail's link and waits for the booking. */
async function openLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await waitForHydration(page);
  await page.getByRole('region', { name: 'Your appointment' }).waitFor();
}

/** The booking page's own requests never carry the token in their address. */
function expectTokenNotInUrls(requests: string[], token: string): void {
  for (const url of requests) expect(url).not.toContain(token);
}

const clinicDate = (day: string) => day.split('-').reverse().join('/');

describe('a patient manages their booking from the link in their confirmation e-mail', () => {
  for (const viewport of viewportSweep) {
    const width = viewport.width;

    it(`cancels a paid booking more than 48 hours ahead and is refunded in full, at ${width} px`, async () => {
      const day = freshDay();
      const [slot = 0] = await createSlots(auth, day, adultTest, [10 * 60]);
      const person = patient('Aoife', 'Cancel');
      const { link, reference, token } = await bookWithLink(slot, adultTest, person);

      const { page, errors, requests } = await openPage(browser, { viewport });
      await openLink(page, link);
      await page.getByRole('heading', { level: 1, name: 'Your booking' }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      const details = page.getByRole('region', { name: 'Your appointment' });
      await details.getByText('Allergy test (skin prick test), adult').waitFor();
      await details.getByText(`${person.first} ${person.last}`).waitFor();
      await details.getByText(formatLongDate(day)).waitFor();
      await details.getByText('10:00 AM – 10:30 AM').waitFor();
      await details.getByText(clinic.locations.adult_1.addressLines[0] ?? '').waitFor();
      expect(await details.getByRole('link', { name: /^Get directions/ }).getAttribute('target')).toBe(
        '_blank',
      );
      await details.getByText('€180', { exact: true }).waitFor();
      await details.getByText('Paid online').waitFor();
      await page.getByText(`Reference ${reference}`).waitFor();
      const changes = page.getByRole('region', { name: 'Change or cancel' });
      await changes.getByText('You can move or cancel this appointment online until').waitFor();

      // The token has left the address bar (kept in this tab only) and was never in a request's address.
      expect(page.url()).toBe(`${baseUrl()}/booking/${reference}`);
      expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).toContain(token);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `booking ${width}`)).toEqual([]);
      await screenshot(page, `manage-booking-${width}`);

      // The confirmation says what happens to the money; Escape closes it and the focus goes back.
      const cancelButton = changes.getByRole('button', { name: 'Cancel appointment' });
      await cancelButton.click();
      const dialog = page.getByRole('dialog', { name: 'Cancel your appointment?' });
      await dialog.getByText('Your payment of €180 is refunded in full to your card.').waitFor();
      await expect.poll(() => focused(page)).toBe('Keep appointment');
      expect(await axeViolations(page, `cancel dialog ${width}`)).toEqual([]);
      await screenshot(page, `manage-booking-cancel-dialog-${width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => focused(page)).toBe('Cancel appointment');
      expect(await slotStatus(day, adultTest, slot)).toBe('booked');

      await cancelButton.click();
      await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
      await notice(page, manageBookingTexts.cancelledRefunded);
      await expect.poll(() => focused(page)).toBe(manageBookingTexts.cancelledRefunded);
      await details.getByText('Refunded in full').waitFor();
      await details.getByText('Cancelled', { exact: true }).waitFor();
      await page
        .getByRole('region', { name: 'A new appointment' })
        .getByText('This appointment is cancelled.')
        .waitFor();
      expect(
        await page.getByRole('button', { name: /Cancel appointment|Move to another time/ }).count(),
      ).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `cancelled ${width}`)).toEqual([]);
      await screenshot(page, `manage-booking-cancelled-${width}`);

      // The time is offered again; the patient is told of the refund, and the clinic of the cancellation.
      await expect.poll(() => slotStatus(day, adultTest, slot)).toBe('available');
      const refund = await waitForMailWhere(
        person.email,
        (mail) => /cancel/i.test(mail.subject),
        'about the cancellation',
      );
      expect(refund.text).toMatch(/refund/i);
      expect(refund.text).toContain('€180');
      await waitForMailWhere(
        clinic.email,
        (mail) => /cancel/i.test(`${mail.subject} ${mail.text}`) && mail.text.includes(person.last),
        `about ${person.last}'s cancellation`,
      );
      expectTokenNotInUrls(requests, token);
      expect(errors).toEqual([]);
    }, 150_000);

    it(`moves a booking to a time on another day, with an updated calendar invite, after a time of another price is refused, at ${width} px`, async () => {
      const [bookedDay, newDay] = [freshDay(), freshDay()];
      const [from = 0] = await createSlots(auth, bookedDay, adultTest, [9 * 60]);
      const [to = 0] = await createSlots(auth, newDay, adultTest, [11 * 60]);
      const [dearer = 0] = await createSlots(auth, newDay, adultTest, [14 * 60], 200);
      const person = patient('Cian', 'Move');
      const { link, confirmation } = await bookWithLink(from, adultTest, person);
      const uid = calendarProperty(confirmation.calendar, 'UID');
      const sequence = Number(calendarProperty(confirmation.calendar, 'SEQUENCE') ?? 0);
      expect(uid).toBeTruthy();

      const { page, errors } = await openPage(browser, { viewport });
      await openLink(page, link);
      const details = page.getByRole('region', { name: 'Your appointment' });
      await details.getByText(formatLongDate(bookedDay)).waitFor();

      const moveButton = page.getByRole('button', { name: 'Move to another time' });
      await moveButton.click();
      await expect.poll(() => moveButton.getAttribute('aria-expanded')).toBe('true');
      const picker = page.getByRole('region', { name: 'Choose a new time' });
      await expect.poll(() => focused(page)).toBe('Choose a new time');
      // It opens on the first month with a free time (never an empty one); the patient goes to the month they want.
      await picker
        .getByRole('button', { name: /, slots available$/ })
        .first()
        .waitFor();
      await picker.getByLabel('Go to month').fill(monthOf(newDay));
      await picker.getByRole('button', { name: `${formatLongDate(newDay)}, slots available` }).click();
      await picker.getByRole('button', { name: /^11:00 AM – 11:30 AM/ }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `manage-booking-move-choosing-${width}`);

      // A time of another price is refused beside the times, and the time held for it is let go at once.
      await picker.getByRole('button', { name: /^2:00 PM – 2:30 PM/ }).click();
      await page
        .getByRole('dialog', { name: /^Move your appointment to / })
        .getByRole('button', { name: 'Move appointment' })
        .click();
      const otherPrice = manageBookingTexts.otherPrice('€200', '€180');
      await picker.getByRole('alert').filter({ hasText: otherPrice }).waitFor();
      await expect.poll(() => focused(page)).toBe(otherPrice);
      await expect.poll(() => slotStatus(newDay, adultTest, dearer)).toBe('available');
      expect(await page.getByRole('alert').filter({ hasText: otherPrice }).count()).toBe(1);
      expect(await slotStatus(bookedDay, adultTest, from)).toBe('booked');
      await screenshot(page, `manage-booking-move-refused-${width}`);

      await picker.getByRole('button', { name: /^11:00 AM – 11:30 AM/ }).click();
      const dialog = page.getByRole('dialog', {
        name: `Move your appointment to ${formatLongDate(newDay)}, 11:00 AM?`,
      });
      await dialog.getByText(`From ${formatLongDate(bookedDay)}, 9:00 AM`).waitFor();
      // Held for the patient while they confirm.
      expect(await slotStatus(newDay, adultTest, to)).toBe('pending');
      await dialog.getByText(/^At the same place: /).waitFor();
      expect(await axeViolations(page, `move dialog ${width}`)).toEqual([]);
      await screenshot(page, `manage-booking-move-dialog-${width}`);
      // Escape takes the keyboard back to the day's times, and lets the time go.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => focused(page)).toBe(formatLongDate(newDay));
      await expect.poll(() => slotStatus(newDay, adultTest, to)).toBe('available');
      await picker.getByRole('button', { name: /^11:00 AM – 11:30 AM/ }).click();
      await dialog.getByRole('button', { name: 'Move appointment' }).click();

      await notice(page, manageBookingTexts.moved);
      await details.getByText(formatLongDate(newDay)).waitFor();
      await details.getByText('11:00 AM – 11:30 AM').waitFor();
      expect(await page.getByRole('region', { name: 'Choose a new time' }).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `moved ${width}`)).toEqual([]);
      await screenshot(page, `manage-booking-moved-${width}`);

      // The old time is offered again, the new one is the patient's.
      await expect.poll(() => slotStatus(bookedDay, adultTest, from)).toBe('available');
      expect(await slotStatus(newDay, adultTest, to)).toBe('booked');
      // The new confirmation's invite replaces the first one in the patient's calendar: same UID, a higher SEQUENCE.
      const moved = await waitForMailWhere(
        person.email,
        (mail) =>
          calendarProperty(mail.calendar, 'UID') === uid &&
          Number(calendarProperty(mail.calendar, 'SEQUENCE') ?? 0) > sequence,
        'with the updated calendar invite',
      );
      expect(moved.text).toContain(clinicDate(newDay));
      // The refused move's 409 is the only complaint.
      expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
    }, 150_000);

    it(`inside the 48-hour notice shows no changes, only how to reach the clinic, at ${width} px`, async () => {
      // Tomorrow evening on the real clock: less than 48 hours away whenever the test runs, and after the
      // demonstration slots of the day. One time a width, an hour apart.
      const tomorrow = addDays(clinicToday(), 1);
      const [slot = 0] = await createSlots(auth, tomorrow, adultVideo, [(width < 1000 ? 20 : 21) * 60]);
      const person = patient('Sean', 'Late');
      const { link, reference, token } = await bookWithLink(slot, adultVideo, person);

      const { page, errors } = await openPage(browser, { viewport });
      await openLink(page, link);
      const details = page.getByRole('region', { name: 'Your appointment' });
      await details.getByText('Video consultation, adult').waitFor();
      await details.getByText(/^Video consultation: the clinic e-mails you the link/).waitFor();
      await details.getByText('€85', { exact: true }).waitFor();
      const changes = page.getByRole('region', { name: 'Change or cancel' });
      await expect
        .poll(() => changes.locator('p').filter({ hasText: 'hours before they start' }).textContent())
        .toBe(manageBookingTexts.noticePassed);
      expect(await changes.getByRole('link', { name: clinic.phone }).getAttribute('href')).toBe(
        clinic.phoneHref,
      );
      expect(await changes.getByRole('link', { name: clinic.email }).getAttribute('href')).toBe(
        `mailto:${clinic.email}`,
      );
      expect(
        await page.getByRole('button', { name: /Cancel appointment|Move to another time/ }).count(),
      ).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `inside the notice ${width}`)).toEqual([]);
      await screenshot(page, `manage-booking-notice-passed-${width}`);

      // The API refuses a cancellation too, in the same words, and the booking stays as it was.
      const refused = await fetch(`${baseUrl()}/api/bookings/${reference}/cancel`, {
        method: 'POST',
        headers: { 'x-manage-token': token, 'x-forwarded-for': visitorAddress() },
      });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error_messages: string }).error_messages).toBe(
        manageBookingTexts.noticePassed,
      );
      expect(await slotStatus(tomorrow, adultVideo, slot)).toBe('booked');
      expect(errors).toEqual([]);
    }, 150_000);
  }

  it('cancels a booking part-paid at the clinic: told the clinic gives it back, the clinic told what to give back, at 360 and 1280 px', async () => {
    const day = freshDay();
    const [slot = 0] = await createSlots(auth, day, adultTest, [11 * 60]);
    const person = patient('Nuala', 'Desk');
    const booked = await fetch(`${baseUrl()}/api/admin/patients`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...bookingFields(adultTest, person), payment_type: 'Cash', session_id: slot }),
    });
    expect(booked.status).toBe(201);
    const appointmentId = ((await booked.json()) as { transaction: { id: number } }).transaction.id;
    const paid = await fetch(`${baseUrl()}/api/admin/transactions/${appointmentId}/desk_payments`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '100', method: 'cash' }),
    });
    expect(paid.status).toBe(201);
    const confirmation = await waitForMailWhere(
      person.email,
      (mail) => manageLinkOf(mail.text) !== undefined,
      'with the link to their booking',
    );
    const { link } = manageLinkOf(confirmation.text)!;

    const { page, errors } = await openPage(browser, { viewport: viewportSweep[0] });
    await openLink(page, link);
    const details = page.getByRole('region', { name: 'Your appointment' });
    await details.getByText('€100 paid at the clinic, €80 to pay there').waitFor();
    const changes = page.getByRole('region', { name: 'Change or cancel' });
    await changes.getByRole('button', { name: 'Cancel appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your appointment?' });
    await dialog
      .getByText(
        'You paid €100 at the clinic. That cannot be refunded online: the clinic will contact you to give it back to you.',
      )
      .waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'cancel paid at the clinic 360')).toEqual([]);
    await screenshot(page, 'manage-booking-cancel-paid-at-clinic-360');
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    const said = manageBookingTexts.cancelledPaidAtClinic('€100');
    await notice(page, said);
    await details.getByText('€100 paid at the clinic: the clinic will contact you to give it back').waitFor();
    await details.getByText('Cancelled', { exact: true }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'cancelled paid at the clinic 360')).toEqual([]);
    await screenshot(page, 'manage-booking-cancelled-paid-at-clinic-360');
    await page.setViewportSize(viewportSweep[1]);
    expect(await axeViolations(page, 'cancelled paid at the clinic 1280')).toEqual([]);
    await screenshot(page, 'manage-booking-cancelled-paid-at-clinic-1280');

    // The patient's e-mail says it in plain words, without a payment reference; the clinic is told what to give back.
    const cancelled = await waitForMailWhere(
      person.email,
      (mail) => mail.text.includes('As you asked, your appointment'),
      'saying the appointment is cancelled',
    );
    expect(cancelled.text).toContain(
      'You paid €100 at the clinic in cash. We cannot refund that online, so the clinic will contact you to give it back to you.',
    );
    expect(cancelled.text).not.toContain('reference');
    const notified = await waitForMailWhere(
      clinic.email,
      (mail) =>
        mail.subject.startsWith('Cancelled online by the patient, €100 to give back') &&
        mail.text.includes(person.last),
      'saying what to give back',
    );
    expect(notified.text).toContain('To give back: €100 (cash)');
    expect(notified.text).toContain(`/admin/appointment/edit?id=${appointmentId}`);

    // Staff see the money still held on the cancelled appointment, and Refund gives it back.
    const admin = await openAdminPage(browser, { viewport: viewportSweep[1] });
    await admin.page.goto(`/admin/appointment/edit?id=${appointmentId}`);
    await admin.page.getByText('€100 paid is still held').waitFor();
    await admin.page.getByRole('button', { name: 'Refund', exact: true }).waitFor();
    expect(await axeViolations(admin.page, 'money held 1280')).toEqual([]);
    await screenshot(admin.page, 'admin-cancelled-money-held-1280');
    expect([...errors, ...admin.errors]).toEqual([]);
    await admin.page.close();
  }, 150_000);

  it('a link with a wrong token, or without one, shows that the booking is not found, at 360 and 1280 px', async () => {
    const day = freshDay();
    const [slot = 0] = await createSlots(auth, day, adultTest, [12 * 60]);
    const { reference, token } = await bookWithLink(slot, adultTest, patient('Niamh', 'Wrong'));

    for (const viewport of viewportSweep) {
      const { page, errors, requests } = await openPage(browser, { viewport });
      await page.goto(`/booking/${reference}#${token.slice(0, -2)}xx`);
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: 'We could not find this booking' }).waitFor();
      await page.getByText(manageBookingTexts.notFound).waitFor();
      const main = page.getByRole('main');
      expect(await main.getByRole('link', { name: clinic.phone }).getAttribute('href')).toBe(
        clinic.phoneHref,
      );
      expect(await main.getByRole('link', { name: clinic.email }).count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `not found ${viewport.width}`)).toEqual([]);
      await screenshot(page, `manage-booking-not-found-${viewport.width}`);
      // The API's 404 is the only complaint: nothing failed on the page.
      expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
      await page.context().close();

      // Without a token (a new tab, the fragment lost) nothing is asked of the API.
      const bare = await openPage(browser, { viewport });
      await bare.page.goto(`/booking/${reference}`);
      await waitForHydration(bare.page);
      await bare.page.getByRole('heading', { level: 1, name: 'Open your booking from its e-mail' }).waitFor();
      await bare.page.getByText(/opens only from the link in your confirmation e-mail/).waitFor();
      expect(bare.requests.filter((url) => url.includes('/api/bookings/'))).toEqual([]);
      expect(bare.errors).toEqual([]);
      await bare.context.close();
      expect(requests.some((url) => url.includes(`/api/bookings/${reference}`))).toBe(true);
    }
  }, 150_000);
});
