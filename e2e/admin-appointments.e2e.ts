import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { appointmentCsvColumns } from '../src/shared/appointments';
import {
  adminAuthorization,
  bookAndPay,
  bookUnpaid,
  createSlots,
  freshDays,
  runSurname,
  type SlotKind,
  setSlotStatus,
} from './api';
import {
  axeViolations,
  baseUrl,
  downloadOf,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  screenshot,
  viewports,
  type WatchedPage,
} from './browser';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/*
 * Each test makes its own slots, through the admin API, on days of their own: the 3rd, 4th… of a month well
 * after the four weeks of demonstration slots and the months the availability and booking tests use. Patients
 * carry a surname made for this run (letters only, as names are), so searching it finds this run's rows only.
 */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 5), 3);
const runName = runSurname('Qz');

const adultTest: SlotKind = { isAdult: true, isVideoCall: false };
const adultVideo: SlotKind = { isAdult: true, isVideoCall: true };

/** DD/MM/YYYY of a clinic day. */
const shown = (day: string) => day.split('-').reverse().join('/');
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface Person {
  first: string;
  last?: string;
  email?: string;
}

const patientFields = (kind: SlotKind, person: Person) => ({
  is_adult: kind.isAdult,
  is_video_call: kind.isVideoCall,
  first_name: person.first,
  last_name: person.last ?? runName,
  ...(person.email ? { email: person.email } : {}),
  phone: '087 123 4567',
  dob: '1990-04-12',
  ...(kind.isAdult ? {} : { guardian_first_name: 'Niamh', guardian_last_name: person.last ?? runName }),
  ...(kind.isVideoCall
    ? {}
    : {
        consultant_name: 'Dr Walsh',
        consultant_addres: '12 Harcourt Street, Dublin 2',
        antihistamine: true,
        agreement: true,
      }),
});

/** Staff book a slot for a patient (`POST /api/admin/patients`, as JSON); answers the appointment's id. */
async function staffBook(slotId: number, kind: SlotKind, person: Person): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/admin/patients`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ ...patientFields(kind, person), session_id: slotId }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { transaction: { id: number } }).transaction.id;
}

interface Detail {
  appointment_status: string;
  status_label: string;
  started: boolean;
  session: { id: number; data: string; start_time: string } | null;
  patient: { result: { name: string; url: string } | null } | null;
}

async function appointment(id: number): Promise<Detail> {
  const response = await fetch(`${baseUrl()}/api/admin/transactions/${id}`, { headers: auth });
  return ((await response.json()) as { transaction: Detail }).transaction;
}

async function slotStatus(id: number): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/admin/sessions/${id}`, { headers: auth });
  return ((await response.json()) as { session: { status: string } }).session.status;
}

const table = (page: Page) => page.getByRole('table', { name: /appointments$/ });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });

/** The list searched for this run's patients, its rows shown. */
async function searchRun(page: Page, path = '/admin', name = runName): Promise<void> {
  await page.goto(`${path}?search=${name}`);
  await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
  await table(page).getByRole('row').nth(1).waitFor();
}

const firstNames = [
  'Aoife',
  'Bríd',
  'Cian',
  'Dara',
  'Eoin',
  'Fiadh',
  'Gearóid',
  'Hannah',
  'Íde',
  'Jack',
  'Kate',
];

describe('appointments table (back office)', () => {
  const day = freshDay();
  let paidName = '';
  const pages: WatchedPage[] = [];

  beforeAll(async () => {
    // Twelve allergy tests of this run (eleven booked by staff, one paid online) and one video consultation.
    const starts = Array.from({ length: 12 }, (_, index) => 8 * 60 + index * 40);
    const slots = await createSlots(auth, day, adultTest, starts);
    for (const [index, first] of firstNames.entries())
      await staffBook(slots[index] ?? 0, adultTest, { first });
    paidName = `Lorcan ${runName}`;
    await bookAndPay(
      slots[11] ?? 0,
      patientFields(adultTest, { first: 'Lorcan', email: 'lorcan@example.ie' }),
    );
    const [video] = await createSlots(auth, day, adultVideo, [9 * 60]);
    await staffBook(video ?? 0, adultVideo, { first: 'Liam' });
  }, 120_000);

  afterAll(async () => {
    for (const { page, errors } of pages) {
      await page.close();
      expect(errors).toEqual([]);
    }
  });

  it('searches, pages and filters by kind, with the spec’s columns and labels, at 1280 px', async () => {
    const watched = await openAdminPage(browser, { viewport: viewports.desktop });
    pages.push(watched);
    const { page } = watched;
    await searchRun(page);
    expect(await table(page).getByRole('columnheader').allTextContents()).toEqual([
      'Patient name',
      'Appointment type',
      'Date and time',
      'Payment information',
      'Status',
      'Registered',
      'Actions',
    ]);
    await page.getByText('1–10 of 12').waitFor();
    // Newest first: the booking paid last heads the list, paid and booked.
    const first = table(page).getByRole('row').nth(1);
    await first.getByRole('link', { name: paidName, exact: true }).waitFor();
    await first.getByText('Paid', { exact: true }).waitFor();
    await first.getByText('Booked', { exact: true }).waitFor();
    expect(await first.getByRole('link', { name: paidName, exact: true }).getAttribute('href')).toMatch(
      /^\/admin\/patients\/\d+$/,
    );
    // Staff bookings: 'Booked by admin'; the day and time; registered DD/MM/YYYY HH:mm.
    const kate = rowOf(page, `Kate ${runName}`);
    await kate.getByText('Booked by admin').waitFor();
    await kate.getByText(shown(day), { exact: true }).waitFor();
    await kate.getByText(`${hhmm(8 * 60 + 10 * 40)} – ${hhmm(8 * 60 + 10 * 40 + 30)}`).waitFor();
    expect(await kate.locator('td').last().textContent()).toMatch(/Open|Delete/);
    expect(await kate.locator('time').last().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(await kate.getByRole('button', { name: /^Refund / }).count()).toBe(0);
    await screenshot(page, 'admin-appointments-1280');

    // The next page: the two oldest.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await page.getByText('11–12 of 12').waitFor();
    await rowOf(page, `Aoife ${runName}`).waitFor();

    // 25 a page: all twelve, from the first page.
    await page.getByLabel('Rows per page').selectOption('25');
    await page.waitForURL(
      (url) => url.searchParams.get('per_page') === '25' && !url.searchParams.has('page'),
    );
    await page.getByText('1–12 of 12').waitFor();

    // The video consultations are a list of their own; the search goes with the switch.
    expect(await rowOf(page, `Liam ${runName}`).count()).toBe(0);
    await page.getByRole('link', { name: 'Video consultations' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/video' && url.searchParams.get('search') === runName,
    );
    await rowOf(page, `Liam ${runName}`).waitFor();
    await page.getByText('1–1 of 1').waitFor();
    expect(await page.getByRole('link', { name: 'Video consultations' }).getAttribute('aria-current')).toBe(
      'page',
    );

    // Opening a row: its link.
    await rowOf(page, `Liam ${runName}`)
      .getByRole('link', { name: /^Open Liam/ })
      .click();
    await page.waitForURL(/\/admin\/appointment\/edit\?id=\d+$/);
    await page.getByRole('heading', { level: 1, name: `Liam ${runName}` }).waitFor();
    await page.getByText('Video consultation, adult').waitFor();
  });

  it('exports Appointments.csv of the current search', async () => {
    const watched = await openAdminPage(browser, { viewport: viewports.desktop });
    pages.push(watched);
    const { page } = watched;
    await searchRun(page);
    const file = await downloadOf(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(file.name).toBe('Appointments.csv');
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(appointmentCsvColumns.join(','));
    const rows = lines.slice(1);
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(row).toContain(runName);
    expect(rows.find((row) => row.includes('Lorcan'))).toMatch(/Paid/);
    expect(rows.some((row) => row.includes('Liam'))).toBe(false);
  });

  it('refunds a paid appointment and deletes a booked one, after their dialogs', async () => {
    const watched = await openAdminPage(browser, { viewport: viewports.desktop });
    pages.push(watched);
    const { page } = watched;
    await searchRun(page);

    // Refund: the spec's dialog, word for word; the row leaves the list.
    await rowOf(page, paidName)
      .getByRole('button', { name: new RegExp(`^Refund ${paidName}`) })
      .click();
    const refund = page.getByRole('dialog', { name: 'Make Refund ?' });
    await refund
      .getByText('This appointment will be deleted. Are you sure you want to make refund ?')
      .waitFor();
    await refund.getByText(`${paidName}: €180 goes back to the card it was paid with.`).waitFor();
    await screenshot(page, 'admin-appointments-refund-dialog-1280');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await notice(page, 'Refund has been successfully processed');
    await expect.poll(() => rowOf(page, paidName).count()).toBe(0);
    // With the cancelled and refunded shown: refunded, in the address too.
    // A click, then the address: the box follows the address, which changes a moment after the click (check() would
    // read the box straight after the click and fail on a busy machine).
    await page.getByLabel('Show cancelled and refunded').click();
    await page.waitForURL(/include_cancelled=true/);
    const refunded = rowOf(page, paidName);
    await refunded.waitFor();
    expect(await refunded.getByText('Refunded').count()).toBe(2);
    expect(await refunded.getByRole('button').count()).toBe(0);
    await page.getByLabel('Show cancelled and refunded').click();
    await page.waitForURL((url) => !url.searchParams.has('include_cancelled'));

    // Delete: the dialog names the patient and what happens.
    const brid = `Bríd ${runName}`;
    await rowOf(page, brid)
      .getByRole('button', { name: new RegExp(`^Delete ${brid}`) })
      .click();
    const dialog = page.getByRole('dialog', { name: `Delete the appointment of ${brid}?` });
    await dialog
      .getByText(/will be cancelled: it leaves the list, its time is offered to others again/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete appointment' }).click();
    await notice(page, 'You have successfully deleted the appointment');
    await expect.poll(() => rowOf(page, brid).count()).toBe(0);
    // The focus stays in the table, not lost with the row.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TABLE');
  });

  it('shows a booking being made only with its option, its name opening the person’s page, at 1280 and 360 px', async () => {
    // A visitor who left at the payment step: not a patient yet, so only this list can lead staff to them.
    const heldSurname = runSurname('Qh');
    const name = `Saoirse ${heldSurname}`;
    const [slotId = 0] = await createSlots(auth, day, adultTest, [17 * 60]);
    const { patient } = await bookUnpaid(
      slotId,
      patientFields(adultTest, {
        first: 'Saoirse',
        last: heldSurname,
        email: `saoirse.${heldSurname.toLowerCase()}@example.ie`,
      }),
    );

    const watched = await openAdminPage(browser, { viewport: viewports.desktop });
    pages.push(watched);
    const { page } = watched;
    await page.goto(`/admin?search=${heldSurname}`);
    await page.getByText(`No results for “${heldSurname}”.`).waitFor();
    await page.getByText(/Bookings still being made \(not paid yet\) are left out/).waitFor();

    await page.getByLabel('Show bookings being made').click();
    await page.waitForURL(/include_held=true/);
    const row = rowOf(page, name);
    await row.waitFor();
    await page.getByText('1–1 of 1').waitFor();
    // The payment information and the status both read 'Being booked'.
    expect(await row.getByText('Being booked', { exact: true }).count()).toBe(2);
    const link = row.getByRole('link', { name, exact: true });
    expect(await link.getAttribute('href')).toBe(`/admin/patients/${patient.id}`);
    await screenshot(page, 'admin-appointments-being-booked-1280');
    await page.setViewportSize(viewports.phone);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-appointments-being-booked-360');

    await link.click();
    await page.waitForURL(new RegExp(`/admin/patients/${patient.id}$`));
    await page.getByRole('heading', { level: 1, name }).waitFor();
  });
});

/** On the availability screen at `day` (its kind in the address), the 'Book for a patient' button of a time. */
/**
 * Books from the availability day for a new patient: waits for the form, or only for the screen when `formShown` is
 * false.
 */
async function bookFromAvailability(
  page: Page,
  day: string,
  kind: SlotKind,
  start: number,
  { formShown = true } = {},
): Promise<void> {
  const query = `type=${kind.isVideoCall ? 'video' : 'test'}&age=${kind.isAdult ? 'adult' : 'child'}`;
  await page.goto(`/admin/availability?${query}&month=${monthOf(day)}&day=${day}`);
  await page.getByRole('heading', { level: 2, name: formatLongDate(day) }).waitFor();
  const clock = `${String(start / 60).padStart(2, '0')}:00`;
  await page.getByRole('button', { name: `Book for a patient at ${clock}` }).click();
  await page.waitForURL(/\/admin\/appointment\/create\?session_id=\d+$/);
  await page.getByRole('heading', { level: 1, name: 'New appointment' }).waitFor();
  if (!formShown) return;
  // The records are searched first; these bookings are for new patients.
  await page.getByRole('button', { name: 'New patient', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const errorOf = (input: Locator) =>
  input.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(' ');
    const errorId = ids.find((id) => id.endsWith('-error'));
    return errorId ? (document.getElementById(errorId)?.textContent ?? '') : '';
  });

describe('booking on a patient’s behalf (back office)', () => {
  it('holds a time from the availability screen, gives it back on Cancel, then books it at 360 px', async () => {
    const day = freshDay();
    const [slotId] = await createSlots(auth, day, adultTest, [10 * 60]);
    const { page, errors } = await openAdminPage(browser, { viewport: viewports.phone });

    await bookFromAvailability(page, day, adultTest, 10 * 60);
    expect(await slotStatus(slotId ?? 0)).toBe('pending');
    const info = page.getByRole('region', { name: 'Appointment info' });
    for (const text of ['Allergy test', 'Adult appointment', shown(day), '10:00 – 10:30', '€180']) {
      await info.getByText(text, { exact: true }).waitFor();
    }
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'create 360')).toEqual([]);
    await screenshot(page, 'admin-appointment-create-360');

    // Cancel: the spec's dialog; the time is free again and the day's list says so.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel creating new Appointment?' });
    await dialog.getByText('All information you entered earlier will be lost.').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-appointment-cancel-dialog-360');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/availability' && url.searchParams.get('day') === day,
    );
    await page.getByRole('button', { name: 'Book for a patient at 10:00' }).waitFor();
    expect(await slotStatus(slotId ?? 0)).toBe('available');

    // Leaving the create screen another way (Back) gives the time back too.
    await bookFromAvailability(page, day, adultTest, 10 * 60);
    expect(await slotStatus(slotId ?? 0)).toBe('pending');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin/availability');
    // The screen gives the time back as it goes, a call that may take seconds on a busy machine.
    await expect.poll(() => slotStatus(slotId ?? 0), { timeout: 20_000 }).toBe('available');

    // So does Back pressed while the screen is still reading the time: it holds it all the same.
    const slotRead = `**/api/admin/sessions/${slotId}`;
    let readAsked = (): void => {};
    const asked = new Promise<void>((resolve) => {
      readAsked = resolve;
    });
    await page.route(slotRead, (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      readAsked(); // never answered: the screen stays on 'Loading the time…'
    });
    await bookFromAvailability(page, day, adultTest, 10 * 60, { formShown: false });
    await asked;
    expect(await slotStatus(slotId ?? 0)).toBe('pending');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin/availability');
    await expect.poll(() => slotStatus(slotId ?? 0), { timeout: 20_000 }).toBe('available');
    await page.unroute(slotRead);

    // Book it: the required fields first, with the spec's text (a space before the comma).
    await bookFromAvailability(page, day, adultTest, 10 * 60);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const required = 'This field is required , please fill in.';
    for (const label of ['First name', 'Surname', 'Phone', "GP's name", "GP's address"]) {
      await expect.poll(() => errorOf(field(page, label))).toBe(required);
    }
    await expect.poll(() => errorOf(field(page, 'Date of birth'))).toBe('Required');
    // The focus on the summary of what to fix, in the fields' order; each item leads to its field.
    const summary = page.locator('.error-summary');
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      `First name: ${required}`,
      `Surname: ${required}`,
      'Date of birth: Required',
      `Phone: ${required}`,
      `GP's name: ${required}`,
      `GP's address: ${required}`,
      expect.stringMatching(/^The patient will stop taking antihistamines/),
      expect.stringMatching(/^The patient agrees to the Terms/),
    ]);
    await summary.getByRole('link', { name: /^Surname:/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('appointment-last_name');
    expect(await errorOf(field(page, 'E-mail (optional)'))).toBe('');
    expect(await axeViolations(page, 'create errors 360')).toEqual([]);
    await screenshot(page, 'admin-appointment-create-errors-360');

    await field(page, 'First name').fill('Muireann');
    await field(page, 'Surname').fill(runName);
    await field(page, 'Date of birth').fill('3.9.1985');
    await field(page, 'Phone').pressSequentially('087a 555b 0101');
    expect(await field(page, 'Phone').inputValue()).toBe('087 555 0101');
    await field(page, "GP's name").fill('Dr Kelly');
    await field(page, "GP's address").fill('4 Main Street, Bray, Co. Wicklow');
    await page.getByRole('checkbox', { name: /stop taking antihistamines/ }).check();
    await page.getByRole('checkbox', { name: /agrees to the Terms/ }).check();
    await field(page, 'Payment type (optional)').selectOption('Cash');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await notice(page, 'You have successfully created a new appointment.');
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(await slotStatus(slotId ?? 0)).toBe('booked');

    await searchRun(page, '/admin', 'Muireann');
    const row = rowOf(page, `Muireann ${runName}`);
    await row.getByText('Booked by admin').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-appointments-360');
    expect(errors).toEqual([]);
  });
});

describe('an appointment’s screen (back office)', () => {
  let movedId = 0;

  it('moves an appointment to another free time and stores a result, at 1280 px', async () => {
    const day = freshDay();
    const [from, to] = await createSlots(auth, day, adultTest, [9 * 60, 11 * 60]);
    const id = await staffBook(from ?? 0, adultTest, { first: 'Ronan', email: 'ronan@example.ie' });
    const { page, errors } = await openAdminPage(browser, { viewport: viewports.desktop });

    await searchRun(page, '/admin', 'Ronan');
    await rowOf(page, `Ronan ${runName}`)
      .getByRole('link', { name: /^Open Ronan/ })
      .click();
    await page.waitForURL(`**/admin/appointment/edit?id=${id}`);
    await page.getByRole('heading', { level: 1, name: `Ronan ${runName}` }).waitFor();
    await page.getByText('Booked by admin').first().waitFor();
    expect(await field(page, 'Date of birth').inputValue()).toBe('12.04.1990');
    expect(await page.getByRole('region', { name: 'Payment Info' }).count()).toBe(0);

    // Cancel asks first once something changed.
    await field(page, 'Phone').fill('087 999 0000');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await field(page, 'Phone').fill('087 123 4567');

    // Change time: the day's free times of the same kind; the new one is shown until saved.
    await page.getByRole('button', { name: 'Change time' }).click();
    await page.getByLabel('Go to month').fill(monthOf(day));
    await page.getByRole('button', { name: `${formatLongDate(day)}, free times` }).click();
    await page
      .getByRole('list', { name: 'Free times' })
      .getByRole('button', { name: '11:00 – 11:30' })
      .click();
    const chosen = page.locator('.change-time__new');
    await chosen.getByText(`${formatLongDate(day)}, 11:00 – 11:30`).waitFor();
    await expect.poll(() => chosen.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await axeViolations(page, 'edit with a new time 1280')).toEqual([]);

    // A result, uploaded with the change.
    await field(page, 'Result (optional)').setInputFiles(resolve('testdata/letter.pdf'));
    await page.locator('.file-field__name', { hasText: 'letter.pdf' }).first().waitFor();
    await screenshot(page, 'admin-appointment-edit-1280');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await notice(page, 'You have successfully updated the appointment.');
    await page.waitForURL((url) => url.pathname === '/admin');
    const moved = await appointment(id);
    expect(moved.session).toMatchObject({ id: to, start_time: '11:00' });
    expect(moved.patient?.result?.name).toBe('letter.pdf');
    expect(await slotStatus(from ?? 0)).toBe('available');

    // Back on its screen: the new time and the result.
    await page.goto(`/admin/appointment/edit?id=${id}`);
    await page.getByRole('region', { name: 'Appointment info' }).getByText('11:00 – 11:30').waitFor();
    await page.getByRole('button', { name: 'Download letter.pdf' }).waitFor();
    movedId = id;
    expect(errors).toEqual([]);
  });

  it('downloads the stored result with the admin’s token', async () => {
    const url = (await appointment(movedId)).patient?.result?.url ?? '';
    expect(url).toMatch(/^\/api\/admin\/upload_results\//);
    const { page, errors } = await openAdminPage(browser, { viewport: viewports.desktop });
    await page.goto(`/admin/appointment/edit?id=${movedId}`);
    const file = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download letter.pdf' }).click(),
    );
    expect(file.name).toBe('letter.pdf');
    expect(file.bytes.equals(await readFile(resolve('testdata/letter.pdf')))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('marks a started appointment as a no-show at 360 px', async () => {
    // A time starting in a few seconds (of whichever kind has room now), booked by staff, then started.
    const soon = new Date(Date.now() + 15_000);
    soon.setMilliseconds(0);
    let slotId = 0;
    let kind: SlotKind = adultVideo;
    for (const candidate of [adultVideo, { isAdult: false, isVideoCall: true }, adultTest]) {
      const response = await fetch(`${baseUrl()}/api/admin/sessions`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          sessions_create: [
            {
              start_date: soon.toISOString(),
              end_date: new Date(soon.getTime() + 30 * 60_000).toISOString(),
              is_adult: candidate.isAdult,
              is_video_call: candidate.isVideoCall,
              price: 85,
              location: candidate.isVideoCall ? null : 'adult_1',
            },
          ],
        }),
      });
      if (response.status !== 200) continue;
      const { sessions } = (await response.json()) as { sessions: { id: number; starts_at: string }[] };
      slotId = sessions.find((session) => session.starts_at === soon.toISOString())?.id ?? 0;
      kind = candidate;
      break;
    }
    expect(slotId).toBeGreaterThan(0);
    const id = await staffBook(slotId, kind, { first: 'Sorcha' });
    await expect
      .poll(async () => (await appointment(id)).started, { timeout: 40_000, interval: 1000 })
      .toBe(true);

    const { page, errors } = await openAdminPage(browser, { viewport: viewports.phone });
    await page.goto(`/admin/appointment/edit?id=${id}`);
    await page.getByRole('heading', { level: 1, name: `Sorcha ${runName}` }).waitFor();
    await page.getByRole('button', { name: 'Mark attended' }).waitFor();
    await page.getByRole('button', { name: 'Mark no-show' }).click();
    await notice(page, 'The appointment was marked as a no-show.');
    await page.locator('.appointment-header__badges').getByText('No-show').waitFor();
    expect(await page.getByRole('button', { name: 'Mark no-show' }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Mark attended');
    expect((await appointment(id)).appointment_status).toBe('no_show');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'edit no-show 360')).toEqual([]);
    await screenshot(page, 'admin-appointment-no-show-360');
    expect(errors).toEqual([]);
  }, 90_000);
});

describe('appointment screens at 360 px and 1280 px', () => {
  let held = 0;
  let id = 0;
  let paths: string[] = [];

  beforeAll(async () => {
    const day = freshDay();
    const [heldSlot, booked] = await createSlots(auth, day, adultTest, [9 * 60, 10 * 60]);
    held = heldSlot ?? 0;
    id = await staffBook(booked ?? 0, adultTest, { first: 'Maximiliana', last: 'Featherstonehaugh' });
    // Left free: the booking screen holds it for its own tab (a hold made elsewhere is shown as held).
    paths = [
      `/admin?search=${runName}`,
      '/admin/video',
      `/admin/appointment/create?session_id=${held}`,
      `/admin/appointment/edit?id=${id}`,
    ];
  });

  // The held time goes back.
  afterAll(() => setSlotStatus(auth, held, 'available'));

  for (const viewport of [viewports.phone, viewports.desktop]) {
    it(`have no axe-core violations and fit the screen at ${viewport.width} px`, async () => {
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      for (const path of paths) {
        await page.goto(path);
        await page.locator('main h1').waitFor();
        if (path.startsWith('/admin/appointment/create'))
          await page.getByLabel('Search patients by name, e-mail or phone').waitFor();
        else if (path.startsWith('/admin/appointment')) await page.locator('main form').waitFor();
        else await table(page).getByRole('row').nth(1).waitFor();
        expect(await axeViolations(page, `${path} @${viewport.width}`)).toEqual([]);
        expect({ path, fits: await fitsWidth(page) }).toEqual({ path, fits: true });
      }
      // The edit screen's calendar and the delete dialog, too.
      await page.getByRole('button', { name: 'Change time' }).click();
      await page.getByLabel('Go to month').waitFor();
      expect(await axeViolations(page, `change time @${viewport.width}`)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `admin-appointment-change-time-${viewport.width}`);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Delete the appointment of Maximiliana Featherstonehaugh?' })
        .waitFor();
      expect(await axeViolations(page, `delete dialog @${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-appointment-delete-dialog-${viewport.width}`);
      await page.getByRole('button', { name: 'Keep appointment' }).click();
      expect(errors).toEqual([]);
      await context.close();
    }, 150_000);
  }
});
