import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatLongDate } from '../src/client/components/month-calendar/month-grid';
import { clinicDayTime, clinicToday } from '../src/client/lib/clinic-clock';
import { stopDayWords } from '../src/shared/antihistamines';
import { manageBookingTexts } from '../src/shared/manage-booking';
import { flagChoices, videoLinkTexts, wayOutTexts } from '../src/shared/way-out';
import { adminAuthorization, bookAndPay, createSlots, runSurname, type SlotKind } from './api';
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
  waitForHydration,
} from './browser';
import { waitForMailWhere } from './mailbox';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

const adultTest: SlotKind = { isAdult: true, isVideoCall: false };
const adultVideo: SlotKind = { isAdult: true, isVideoCall: true };

function person(first: string, prefix: string) {
  const last = runSurname(prefix);
  return { first, last, email: `${first}.${last}@example.ie`.toLowerCase() };
}

const fields = (kind: SlotKind, who: ReturnType<typeof person>) => ({
  is_adult: kind.isAdult,
  is_video_call: kind.isVideoCall,
  first_name: who.first,
  last_name: who.last,
  email: who.email,
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

/** Books and pays; answers the booking link of the confirmation e-mail. */
async function bookWithLink(slotId: number, kind: SlotKind, who: ReturnType<typeof person>) {
  await bookAndPay(slotId, fields(kind, who));
  const linkOf = (text: string) =>
    /(https?:\/\/[^\s<>"]+\/booking\/[0-9A-Za-z]+#[A-Za-z0-9_.~-]+)/.exec(text)?.[1];
  const mail = await waitForMailWhere(who.email, (each) => linkOf(each.text) !== undefined, 'with the link');
  return linkOf(mail.text) ?? '';
}

/** The id of the patient's appointment, as the staff list finds it by surname. */
async function appointmentIdOf(last: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/admin/transactions?search_transaction=${last}`, {
    headers: auth,
  });
  const { transactions } = (await response.json()) as { transactions: { id: number }[] };
  const [first] = transactions;
  if (!first) throw new Error(`no appointment of ${last}`);
  return first.id;
}

describe('the way out, and video links', () => {
  for (const viewport of viewportSweep) {
    const width = viewport.width;

    it(`"I could not stop my antihistamines", then a free move inside the 48 hours, at ${width} px`, async () => {
      // Tomorrow evening on the real clock: inside the 48-hour notice whenever the test runs.
      const tomorrow = addDays(clinicToday(), 1);
      // Times of their own: the dashboard's test books tomorrow from 20:00.
      const minutes = width < 1000 ? 18 * 60 : 19 * 60;
      const [from = 0] = await createSlots(auth, tomorrow, adultTest, [minutes, minutes + 30]);
      // Nothing recorded of their medicines: after "could not stop", the free move offers from the 5-day day on.
      const fifthDay = addDays(clinicToday(), 5);
      const [to = 0] = await createSlots(auth, fifthDay, adultTest, [minutes + 30]);
      expect(to).toBeGreaterThan(0);
      const who = person('Orla', 'WayOut');
      const link = await bookWithLink(from, adultTest, who);

      const { page, errors } = await openPage(browser, { viewport });
      // As the 2-day reminder's link opens it: at the way-out section.
      await page.goto(link.replace('#', '#way-out:'));
      await waitForHydration(page);
      const section = page.getByRole('region', { name: 'Could not stop your antihistamines, or unwell?' });
      await section.waitFor();
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#way-out');
      expect(await page.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `way out ${width}`)).toEqual([]);
      await screenshot(page, `way-out-${width}`);
      // Tomorrow is too soon to stop: the preparation says so and points to the way out, which takes the focus.
      const preparing = page.getByRole('region', { name: 'Preparing for the test' });
      await preparing.getByRole('link', { name: /I could not stop my antihistamines/ }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('way-out-title');
      await preparing.scrollIntoViewIfNeeded();
      await screenshot(page, `way-out-preparing-${width}`);

      // Nothing chosen: said beside the choices.
      await section.getByRole('button', { name: 'Tell the clinic' }).click();
      await section.getByRole('alert').filter({ hasText: 'Please choose one.' }).waitFor();

      await section.getByLabel(flagChoices.could_not_stop).check();
      await section.getByLabel('Anything to add (optional)').fill('I took a cold remedy on Monday.');
      await section.getByRole('button', { name: 'Tell the clinic' }).click();
      await notice(page, wayOutTexts.flagged);
      const free = section.getByRole('button', { name: 'Move my appointment free of charge' });
      await free.waitFor();
      // One move button only: the free one, not also the ordinary one under "Change or cancel".
      expect(await page.getByRole('button', { name: 'Move to another time' }).count()).toBe(0);
      expect(await axeViolations(page, `flagged ${width}`)).toEqual([]);
      await screenshot(page, `way-out-flagged-${width}`);

      await free.click();
      const picker = page.getByRole('region', { name: 'Choose a new time' });
      await picker.waitFor();
      // It opens where its button is, right under the way out, not at the page's end, and has the focus.
      expect(await page.evaluate(() => document.getElementById('way-out')?.nextElementSibling?.id)).toBe(
        'manage-move',
      );
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('manage-move-title');
      await picker.getByText(wayOutTexts.movesFrom(stopDayWords(fifthDay))).waitFor();
      // Opened on the month of the first day offered; tomorrow's free time is not offered.
      const fifth = picker.getByRole('button', { name: `${formatLongDate(fifthDay)}, slots available` });
      await fifth.waitFor();
      expect(
        await picker.getByRole('button', { name: `${formatLongDate(tomorrow)}, slots available` }).count(),
      ).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `free move picker ${width}`)).toEqual([]);
      await screenshot(page, `way-out-free-move-${width}`);
      await fifth.click();
      const later = minutes + 30;
      const label = `${((Math.floor(later / 60) + 11) % 12) + 1}:${String(later % 60).padStart(2, '0')} PM`;
      await picker.getByRole('button', { name: new RegExp(`^${label} – `) }).click();
      await page
        .getByRole('dialog', { name: /^Move your appointment to / })
        .getByRole('button', { name: 'Move appointment' })
        .click();
      await notice(page, manageBookingTexts.moved);
      await section.getByText('You have used your free move for this appointment.').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `moved free ${width}`)).toEqual([]);
      await screenshot(page, `way-out-moved-${width}`);
      expect(errors).toEqual([]);

      // Staff see the note on the appointment.
      const admin = await openAdminPage(browser, { viewport });
      await admin.page.goto(`/admin/appointment/edit?id=${await appointmentIdOf(who.last)}`);
      const flag = admin.page.getByRole('region', { name: /Patient’s note: Could not stop antihistamines/ });
      await flag.waitFor();
      await flag.getByText('“I took a cold remedy on Monday.”').waitFor();
      expect(await axeViolations(admin.page, `staff flag ${width}`)).toEqual([]);
      await screenshot(admin.page, `way-out-staff-flag-${width}`);

      // And in the dashboard's To do.
      await admin.page.goto('/admin');
      const todo = admin.page.getByRole('region', { name: 'To do' });
      await todo
        .getByRole('link', { name: new RegExp(`${who.last}: ⚑ Could not stop antihistamines`) })
        .waitFor();
      expect(await fitsWidth(admin.page)).toBe(true);
      expect(await axeViolations(admin.page, `dashboard to do ${width}`)).toEqual([]);
      await screenshot(admin.page, `way-out-dashboard-${width}`);
    }, 150_000);

    it(`staff set a video link, which the patient sees from 24 hours before, at ${width} px`, async () => {
      // Two to three hours from now, inside the 24 hours whenever the test runs: a fixed time tomorrow was more than
      // 24 hours away when the run began late in the evening. The later width is 40 minutes on, and no other test
      // makes an adult video time this close to its run.
      const inTwoHours = clinicDayTime(new Date(Date.now() + (width < 1000 ? 120 : 160) * 60_000));
      const minutes = Math.floor(inTwoHours.minutes / 5) * 5;
      const [slot = 0] = await createSlots(auth, inTwoHours.date, adultVideo, [minutes]);
      const who = person('Niamh', 'Video');
      const link = await bookWithLink(slot, adultVideo, who);
      const id = await appointmentIdOf(who.last);

      const admin = await openAdminPage(browser, { viewport });
      await admin.page.goto(`/admin/appointment/edit?id=${id}`);
      const field = admin.page.getByLabel('Video link');
      await field.waitFor();
      await field.fill('http://meet.example.ie/room');
      await admin.page.getByRole('button', { name: 'Save video link' }).click();
      await admin.page.getByText(videoLinkTexts.notHttps).waitFor();
      await field.fill('https://meet.example.ie/room-7');
      await admin.page.getByRole('button', { name: 'Save video link' }).click();
      await notice(admin.page, videoLinkTexts.saved);
      expect(await fitsWidth(admin.page)).toBe(true);
      expect(await axeViolations(admin.page, `video link ${width}`)).toEqual([]);
      await screenshot(admin.page, `video-link-staff-${width}`);

      const { page, errors } = await openPage(browser, { viewport });
      await page.goto(link);
      await waitForHydration(page);
      const join = page.getByRole('link', { name: 'Join the video consultation' });
      await join.waitFor();
      expect(await join.getAttribute('href')).toBe('https://meet.example.ie/room-7');
      expect(
        await page.getByRole('region', { name: 'Could not stop your antihistamines, or unwell?' }).count(),
      ).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `video join ${width}`)).toEqual([]);
      await screenshot(page, `video-link-patient-${width}`);
      expect(errors).toEqual([]);
    }, 150_000);
  }
});
