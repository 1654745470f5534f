import { copyFile, mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { BOOKED_BY_STAFF_LABEL } from '../src/shared/payment-states';
import {
  adminAuthorization,
  createSlots,
  freshDays,
  holdAsVisitor,
  runSurname,
  type SlotKind,
  setSlotStatus,
  slotStatus,
} from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  SCREENSHOTS,
  screenshot,
  viewportSweep,
  viewports,
} from './browser';
import { calendarProperty, waitForMailWhere } from './mailbox';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/*
 * Days of their own, in a month after those the other browser tests use (the roles' test has the 5th of the month
 * after this one), and a surname made for this run.
 */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 10), 8);
const runName = runSurname('Cz');

const adultTest: SlotKind = { isAdult: true, isVideoCall: false };
const childTest: SlotKind = { isAdult: false, isVideoCall: false };
const adultVideo: SlotKind = { isAdult: true, isVideoCall: true };

const patientFields = (kind: SlotKind, first: string, email?: string) => ({
  is_adult: kind.isAdult,
  is_video_call: kind.isVideoCall,
  first_name: first,
  last_name: runName,
  ...(email ? { email } : {}),
  phone: '087 123 4567',
  dob: kind.isAdult ? '1990-04-12' : '2016-04-12',
  ...(kind.isAdult ? {} : { guardian_first_name: 'Niamh', guardian_last_name: runName }),
  ...(kind.isVideoCall
    ? {}
    : {
        consultant_name: 'Dr Walsh',
        consultant_addres: '12 Harcourt Street, Dublin 2',
        antihistamine: true,
        agreement: true,
      }),
});

/** Staff book a slot for a patient through the API; answers the appointment's id. */
async function staffBook(slotId: number, kind: SlotKind, first: string, email?: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/admin/patients`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ ...patientFields(kind, first, email), session_id: slotId }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { transaction: { id: number } }).transaction.id;
}

/** The appointment's link on the calendar, by the patient's first name. */
const linkOf = (page: Page, first: string) =>
  page.getByRole('link', { name: new RegExp(`${first} ${runName}`) });

/** The calendar's screenshot, kept under test-results and copied to /tmp/shots for review. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await mkdir('/tmp/shots', { recursive: true });
  await copyFile(`${SCREENSHOTS}/${name}.png`, `/tmp/shots/${name}.png`);
}

/** The focused element's appointment card: its `data-at` ('DD/MM/YYYY HH:mm') and whether the link has the focus. */
const focusedAppointment = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return {
      at: active?.closest('[data-appointment]')?.getAttribute('data-at') ?? null,
      link: active?.classList.contains('calendar-item__link') ?? false,
    };
  });

/** DD/MM/YYYY of a YYYY-MM-DD day, as the calendar's answer writes it. */
const apiDay = (day: string) => day.split('-').reverse().join('/');

/**
 * The cards of each place's column as drawn: each one's box and its time's, so a test can tell that none lies over
 * another and that each shows its time whole.
 */
const cardsByPlace = (page: Page) =>
  page.locator('.calendar-place').evaluateAll((places) =>
    places.map((place) => ({
      place: place.querySelector('h3')?.textContent ?? '',
      cards: [...place.querySelectorAll<HTMLElement>('.calendar-item')].map((card) => {
        const box = card.getBoundingClientRect();
        const time = card.querySelector('.calendar-item__time')?.getBoundingClientRect();
        return {
          text: card.getAttribute('title') ?? '',
          box: { x: box.x, y: box.y, width: box.width, height: box.height },
          timeInside:
            time !== undefined &&
            time.left >= box.left - 0.5 &&
            time.right <= box.right + 0.5 &&
            time.top >= box.top - 0.5 &&
            time.bottom <= box.bottom + 0.5,
        };
      }),
    })),
  );

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/** Drags `handle` onto `target` with the mouse, in steps, as a person does. */
async function drag(page: Page, handle: Locator, target: Locator): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  if (!from) throw new Error('no drag handle');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  const to = await target.boundingBox();
  if (!to) throw new Error('no drop target');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await expect.poll(() => target.getAttribute('class')).toContain('calendar-item--over');
  await page.mouse.up();
}

describe('the calendar', () => {
  for (const viewport of viewportSweep) {
    const width = viewport.width;
    it(`shows the week and the day by place, and moves an appointment by keyboard and by drag, at ${width} px`, async () => {
      const day = freshDay();
      const [nine = 0] = await createSlots(auth, day, adultTest, [
        9 * 60,
        9 * 60 + 30,
        10 * 60,
        10 * 60 + 30,
      ]);
      const [childNine = 0] = await createSlots(auth, day, childTest, [9 * 60, 9 * 60 + 30]);
      const [eleven = 0] = await createSlots(auth, day, adultVideo, [11 * 60, 11 * 60 + 30]);
      const email = `calendar-${width}-${runName.toLowerCase()}@example.ie`;
      const suffix = width === 360 ? 'P' : 'D';
      const [aoife, cian, dara] = ['Aoife', 'Cian', 'Dara'].map((first) => `${first}${suffix}`) as [
        string,
        string,
        string,
      ];
      await staffBook(nine, adultTest, aoife, email);
      await staffBook(childNine, childTest, cian);
      await staffBook(eleven, adultVideo, dara);

      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await page.goto(`/admin/calendar?view=week&date=${day}`);
      await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
      await linkOf(page, aoife).waitFor();
      if (width > 360) {
        // The week: a column a day, each appointment naming its time, kind, place and payment.
        await page.getByRole('heading', { name: /^Week of / }).waitFor();
        expect(await page.getByRole('button', { name: 'Week', pressed: true }).count()).toBe(1);
        const name = await linkOf(page, aoife).getAttribute('class');
        expect(name).toContain('calendar-item__link');
        await expect
          .poll(() => linkOf(page, aoife).textContent())
          .toMatch(
            new RegExp(`09:00 – 09:30.*Adult allergy test.*Suite 12, Sandyford.*${BOOKED_BY_STAFF_LABEL}`),
          );
        await linkOf(page, cian).waitFor();
        await linkOf(page, dara).waitFor();
        expect(await fitsWidth(page)).toBe(true);
        expect(await axeViolations(page, `calendar week ${width}`)).toEqual([]);
        await shot(page, `calendar-week-${width}`);
        await page.getByRole('button', { name: 'Day', exact: true }).click();
        await page.waitForURL((url) => !url.searchParams.has('view'));
      }
      // The day: its date, a column a place (one after another on a phone), Video last.
      await page.getByRole('heading', { level: 2, name: formatLongDate(day) }).waitFor();
      for (const place of [
        'Suite 12, Sandyford (adults)',
        'Suite 36, Sandyford (children)',
        'Suite 23, Blackrock (adults)',
        'Video',
      ]) {
        await page.getByRole('region', { name: place }).waitFor();
      }
      const suite12 = page.getByRole('region', { name: 'Suite 12, Sandyford (adults)' });
      await suite12.getByRole('link', { name: new RegExp(aoife) }).waitFor();
      await page
        .getByRole('region', { name: 'Suite 36, Sandyford (children)' })
        .getByRole('link', { name: new RegExp(cian) })
        .waitFor();
      await page
        .getByRole('region', { name: 'Video' })
        .getByRole('link', { name: new RegExp(dara) })
        .waitFor();
      await suite12.getByRole('button', { name: /Book for a patient at 10:00/ }).waitFor();
      // The kind is seen, not only heard: the Video column holds adults' and children's times side by side.
      expect(
        await page
          .locator(`[data-appointment] .calendar-item__kind`)
          .filter({ visible: true })
          .allTextContents(),
      ).toEqual(expect.arrayContaining(['Adult · Test', 'Child · Test', 'Adult · Video']));
      expect(
        await page
          .getByRole('region', { name: 'Video' })
          .locator('.calendar-item__age')
          .filter({ visible: true })
          .allTextContents(),
      ).toEqual([' · Adult']);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `calendar day ${width}`)).toEqual([]);
      await shot(page, `calendar-day-${width}`);

      // By keyboard: Move, a time from the list, then the confirmation naming both times.
      const move = suite12.getByRole('button', { name: new RegExp(`^Move ${aoife}`) });
      await move.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('region', { name: new RegExp(`^Move ${aoife}`) });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toContain(`Move ${aoife}`);
      const choice = panel.getByRole('button', {
        name: `${formatLongDate(day)}, 10:00 – 10:30, Suite 12, Sandyford (adults)`,
      });
      expect(await panel.getByRole('button', { name: /Suite 36|Video/ }).count()).toBe(0);
      await choice.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Move this appointment?' });
      await dialog.waitFor();
      const said = await dialog.textContent();
      expect(said).toContain(`from ${formatLongDate(day)}, 09:00 – 09:30, Suite 12, Sandyford (adults)`);
      expect(said).toContain(`to ${formatLongDate(day)}, 10:00 – 10:30, Suite 12, Sandyford (adults)`);
      expect(await axeViolations(page, `calendar confirm ${width}`)).toEqual([]);
      await shot(page, `calendar-confirm-${width}`);
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => linkOf(page, aoife).textContent()).toContain('10:00 – 10:30');
      await suite12.getByRole('button', { name: /Book for a patient at 09:00/ }).waitFor();
      // The focus is on the appointment at its new time, not lost to the page's start.
      await expect.poll(() => focusedAppointment(page)).toEqual({ at: `${apiDay(day)} 10:00`, link: true });
      // One e-mail, the same calendar event at a higher SEQUENCE.
      const moved = await waitForMailWhere(
        email,
        (mail) => Number(calendarProperty(mail.calendar, 'SEQUENCE') ?? 0) === 1,
        'with the moved calendar invite',
      );
      expect(moved.text).toContain('10:00');

      // The grip is for a mouse or a finger only: no tab stop, nothing a screen reader lands on. From Move, Tab goes
      // on to the next time.
      const card = suite12.locator('[data-appointment]').filter({ has: linkOf(page, aoife) });
      const handle = card.locator('.calendar-item__drag');
      expect(await handle.getAttribute('aria-hidden')).toBe('true');
      expect(await handle.getAttribute('tabindex')).toBeNull();
      expect(await page.getByRole('button', { name: /^Drag / }).count()).toBe(0);
      await card.getByRole('button', { name: new RegExp(`^Move ${aoife}`) }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('.calendar-item__drag'))).toBeNull();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toMatch(/^(A|BUTTON)$/);

      // By drag: the grip onto the free 09:30.
      const target = suite12.getByRole('listitem').filter({ hasText: /^09:30 – 10:00/ });
      await drag(page, handle, target);
      await dialog.waitFor();
      const dropped = await dialog.textContent();
      expect(dropped).toContain(`from ${formatLongDate(day)}, 10:00 – 10:30`);
      expect(dropped).toContain(`to ${formatLongDate(day)}, 09:30 – 10:00`);
      // The drag library swallows the first click that follows a drop until its pointer listeners are gone (50 ms
      // after, later on a busy machine): pressed until the confirmation closes (a press while it saves is ignored).
      await expect
        .poll(async () => {
          if (await dialog.isVisible())
            await dialog.getByRole('button', { name: 'Move', exact: true }).click();
          return dialog.isVisible();
        })
        .toBe(false);
      await expect.poll(() => linkOf(page, aoife).textContent()).toContain('09:30 – 10:00');
      await expect.poll(() => focusedAppointment(page)).toEqual({ at: `${apiDay(day)} 09:30`, link: true });
      await waitForMailWhere(
        email,
        (mail) => Number(calendarProperty(mail.calendar, 'SEQUENCE') ?? 0) === 2,
        'with the second moved calendar invite',
      );
      await shot(page, `calendar-moved-${width}`);

      // The appointment opens its screen.
      await linkOf(page, aoife).click();
      await page.waitForURL(/\/admin\/appointment\/edit\?id=/);
      expect(errors).toEqual([]);
      await context.close();
    }, 150_000);
  }
  for (const viewport of viewportSweep) {
    const width = viewport.width;
    it(`lays 10- and 15-minute times out readable, overlapping times side by side, never one over another, at ${width} px`, async () => {
      const day = freshDay();
      const suffix = width === 360 ? 'P' : 'D';
      // Suite 12: three 10-minute times, then two of 15; one 10-minute time booked.
      const [, tenPast = 0] = await createSlots(
        auth,
        day,
        adultTest,
        [9 * 60, 9 * 60 + 10, 9 * 60 + 20],
        180,
        10,
      );
      await createSlots(auth, day, adultTest, [9 * 60 + 30, 9 * 60 + 45], 180, 15);
      // Video: an adult's and a child's consultation at the same half hour, the first booked.
      const [adultVideoTime = 0] = await createSlots(auth, day, adultVideo, [11 * 60]);
      await createSlots(auth, day, { isAdult: false, isVideoCall: true }, [11 * 60]);
      const eimear = `Eimear${suffix}`;
      // On the wide screen a name too long for its card beside another: it ends in an ellipsis, not cut mid-letter.
      const fionn = width === 360 ? `Fionn${suffix}` : `FionnualaSaoirseUi${suffix}`;
      await staffBook(tenPast, adultTest, eimear);
      await staffBook(adultVideoTime, adultVideo, fionn);

      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await page.goto(`/admin/calendar?date=${day}`);
      await linkOf(page, eimear).waitFor();
      await linkOf(page, fionn).waitFor();
      if (width !== 360) {
        const name = await linkOf(page, fionn).evaluate((link) => {
          const card = link.closest('.calendar-item');
          const shown = link.querySelector('.calendar-item__name');
          if (!card || !shown) return undefined;
          return {
            inside: shown.getBoundingClientRect().right <= card.getBoundingClientRect().right + 0.5,
            shortened: shown.scrollWidth > shown.clientWidth,
            ending: getComputedStyle(shown).textOverflow,
          };
        });
        expect(name).toEqual({ inside: true, shortened: true, ending: 'ellipsis' });
      }

      // No card lies over another at its place, and each shows its time whole.
      const places = await cardsByPlace(page);
      for (const { place, cards } of places) {
        for (const [index, card] of cards.entries()) {
          expect(card.timeInside, `${place}: ${card.text}`).toBe(true);
          expect(card.box.height, `${place}: ${card.text}`).toBeGreaterThanOrEqual(width === 360 ? 36 : 28);
          for (const other of cards.slice(index + 1)) {
            expect(overlaps(card.box, other.box), `${place}: ${card.text} / ${other.text}`).toBe(false);
          }
        }
      }
      const suite12 = places.find((each) => each.place === 'Suite 12, Sandyford (adults)');
      expect(suite12?.cards).toHaveLength(5);
      if (width > 360) {
        // One above another, each a row of 10 minutes tall, on the day's 10-minute rows.
        const tops = suite12?.cards.map((card) => card.box.y) ?? [];
        expect(tops).toEqual([...tops].sort((a, b) => a - b));
        // The adult's and the child's video consultations at 11:00 side by side, at the same height.
        const video = places.find((each) => each.place === 'Video')?.cards ?? [];
        expect(video).toHaveLength(2);
        const [left, right] = video as [(typeof video)[0], (typeof video)[0]];
        expect(Math.abs(left.box.y - right.box.y)).toBeLessThan(1);
        expect(left.box.width).toBeGreaterThan(80);
        expect(right.box.width).toBeGreaterThan(80);
      }

      // A 10-minute appointment's card: its start and name on one line; all it says in its link's name and tooltip.
      const short = page.locator('[data-appointment]').filter({ has: linkOf(page, eimear) });
      const name = await linkOf(page, eimear).evaluate((link) =>
        link.textContent?.replace(/\s+/g, ' ').trim(),
      );
      expect(name).toContain(`09:10 – 09:20, ${eimear} ${runName}`);
      expect(name).toContain('Adult allergy test');
      expect(name).toContain(BOOKED_BY_STAFF_LABEL);
      expect(await short.getAttribute('title')).toBe(
        `${eimear} ${runName}, 09:10 – 09:20, Adult allergy test, ${BOOKED_BY_STAFF_LABEL}`,
      );
      expect(await short.locator('.calendar-item__name').isVisible()).toBe(true);
      if (width > 360) {
        expect(await short.getAttribute('class')).toContain('calendar-item--compact');
        const lines = await linkOf(page, eimear).evaluate((link) => {
          const name = link.querySelector('.calendar-item__name')?.getBoundingClientRect();
          const time = link.querySelector('.calendar-item__time')?.getBoundingClientRect();
          return name && time ? Math.abs(name.top - time.top) : -1;
        });
        expect(lines).toBeLessThan(4);
        // A short free time's button reads 'Book', its name says all.
        const book = page.getByRole('button', { name: /^Book for a patient at 09:00, / });
        expect(await book.evaluate((button) => button.getBoundingClientRect().height)).toBeGreaterThanOrEqual(
          20,
        );
      }
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `calendar short times ${width}`)).toEqual([]);
      await shot(page, `calendar-short-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it('releases a time staff held and left (a closed tab)', async () => {
    const day = freshDay();
    const [left = 0] = await createSlots(auth, day, adultTest, [14 * 60]);
    // Held as 'Book for a patient' holds it, by a tab since closed.
    expect((await setSlotStatus(auth, left, 'pending')).status).toBe(200);

    const { page, errors, context } = await openAdminPage(browser, { viewport: viewports.desktop });
    await page.goto(`/admin/calendar?date=${day}`);
    const held = page
      .getByRole('region', { name: 'Suite 12, Sandyford (adults)' })
      .locator(`[data-slot="${left}"]`);
    await held.getByText(/^Held by staff until \d{2}:\d{2}$/).waitFor();
    await held.getByRole('button', { name: /^Release the hold on 14:00, / }).click();
    const dialog = page.getByRole('dialog', { name: 'Release this time?' });
    await dialog.getByText(/did not finish/).waitFor();
    expect(await axeViolations(page, 'calendar release')).toEqual([]);
    await shot(page, 'calendar-release-1280');
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await notice(page, 'is free to book again');
    expect(await slotStatus(auth, left)).toBe('available');
    // The time is free on the calendar, the focus on its Book.
    const book = held.getByRole('button', { name: /^Book for a patient at 14:00, / });
    await book.waitFor();
    await expect.poll(() => book.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('gives a booking screen’s hold back when its tab is closed, and keeps it held across a reload', async () => {
    const day = freshDay();
    const [booking = 0] = await createSlots(auth, day, adultTest, [15 * 60]);
    const { page, errors, context } = await openAdminPage(browser, { viewport: viewports.desktop });
    await page.goto(`/admin/calendar?date=${day}`);
    await page.getByRole('button', { name: /^Book for a patient at 15:00, / }).click();
    await page.waitForURL(/\/admin\/appointment\/create\?session_id=\d+$/);
    const whoFor = page.getByRole('heading', { name: 'Who is the appointment for?' });
    await whoFor.waitFor();
    expect(await slotStatus(auth, booking)).toBe('pending');
    // A reload lets the time go as the page goes, and the screen holds it again.
    await page.reload();
    await whoFor.waitFor();
    await expect.poll(() => slotStatus(auth, booking), { timeout: 20_000 }).toBe('pending');
    expect(errors).toEqual([]);
    // Closed: the hold is given back at once, not 20 minutes later.
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => slotStatus(auth, booking), { timeout: 20_000 }).toBe('available');
    await context.close();
  }, 120_000);

  it('never gives back a hold another staff member (or a visitor) is holding when a booking screen closes', async () => {
    const day = freshDay();
    const [taken = 0, visitors = 0] = await createSlots(auth, day, adultTest, [16 * 60, 17 * 60]);
    // Staff member A holds the time from the calendar, and books on.
    const first = await openAdminPage(browser, { viewport: viewports.desktop });
    await first.page.goto(`/admin/calendar?date=${day}`);
    await first.page.getByRole('button', { name: /^Book for a patient at 16:00, / }).click();
    await first.page.waitForURL(/\/admin\/appointment\/create\?session_id=\d+$/);
    const whoFor = first.page.getByRole('heading', { name: 'Who is the appointment for?' });
    await whoFor.waitFor();
    expect(await slotStatus(auth, taken)).toBe('pending');

    // Staff member B (another browser) opens the same time: it is A's, said so, with the way back.
    const second = await openAdminPage(browser, { viewport: viewports.desktop });
    const releases: string[] = [];
    second.context.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/admin/sessions/'))
        releases.push(request.url());
    });
    await second.page.goto(`/admin/appointment/create?session_id=${taken}`);
    const alert = second.page.getByRole('alert');
    await alert.getByText(/^Held by staff until \d{2}:\d{2}\.$/).waitFor();
    await alert.getByRole('link', { name: 'Choose another time' }).waitFor();
    expect(await second.page.getByRole('heading', { name: 'Who is the appointment for?' }).count()).toBe(0);
    await shot(second.page, 'create-held-elsewhere-1280');
    await second.page.setViewportSize(viewports.phone);
    expect(await fitsWidth(second.page)).toBe(true);
    await shot(second.page, 'create-held-elsewhere-360');

    // A visitor's hold is theirs too.
    await holdAsVisitor(visitors);
    await second.page.goto(`/admin/appointment/create?session_id=${visitors}`);
    await second.page
      .getByRole('alert')
      .getByText(/^Held by a visitor until \d{2}:\d{2}\.$/)
      .waitFor();

    // B closes the tab: neither hold is given back; A's screen still holds its time.
    await second.page.close({ runBeforeUnload: true });
    expect(releases).toEqual([]);
    expect(await slotStatus(auth, taken)).toBe('pending');
    expect(await slotStatus(auth, visitors)).toBe('pending');
    expect(await whoFor.isVisible()).toBe(true);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  }, 120_000);
});
