import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, monthOf } from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { patientCsvColumns, patientTexts } from '../src/shared/patients';
import { adminAuthorization, bookUnpaid, createSlots, freshDays, runSurname, type SlotKind } from './api';
import {
  axeViolations,
  baseUrl,
  downloadOf,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  screenshot,
  searchList,
  viewports,
  type WatchedPage,
} from './browser';
import { E2E_ADMIN } from './global-setup';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/*
 * The patients are booked by staff through the API into slots of their own, on days of a month well after the
 * demonstration slots and the months the other browser tests use. Their surname is made for this run (letters
 * only, as names are), so searching it finds this run's patients only.
 */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 7), 3);
const runName = runSurname('Px');

interface Booked {
  name: string;
  patientId: number;
  appointmentId: number;
  day: string;
}

/**
 * Staff book a fresh slot for a patient as the back office's form does (multipart `patient[...]`), with a
 * result file when `resultName` is given.
 */
async function staffBook(
  kind: SlotKind,
  person: { first: string; email?: string; guardian?: string },
  resultName?: string,
): Promise<Booked> {
  const day = freshDay();
  const [slotId] = await createSlots(auth, day, kind, [10 * 60]);
  const fields: Record<string, string | boolean | number> = {
    session_id: slotId ?? 0,
    is_adult: kind.isAdult,
    is_video_call: kind.isVideoCall,
    first_name: person.first,
    last_name: runName,
    phone: '087 123 4567',
    dob: kind.isAdult ? '1990-04-12' : '2018-09-03',
    ...(person.email ? { email: person.email } : {}),
    ...(kind.isAdult ? {} : { guardian_first_name: person.guardian ?? 'Niamh', guardian_last_name: runName }),
    ...(kind.isVideoCall
      ? {}
      : kind.isAdult
        ? {
            consultant_name: 'Dr Walsh',
            consultant_addres: '12 Harcourt Street, Dublin 2',
            antihistamine: true,
            agreement: true,
          }
        : { antihistamine: true, agreement: true }),
  };
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(`patient[${name}]`, String(value));
  if (resultName) {
    const bytes = await readFile(resolve('testdata/letter.pdf'));
    body.append('patient[result]', new Blob([bytes], { type: 'application/pdf' }), resultName);
  }
  const response = await fetch(`${baseUrl()}/api/admin/patients`, {
    method: 'POST',
    headers: auth,
    body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { transaction } = (await response.json()) as { transaction: { id: number; patient_id: number } };
  return {
    name: `${person.first} ${runName}`,
    patientId: transaction.patient_id,
    appointmentId: transaction.id,
    day,
  };
}

/** The files of a zip by name, read through its central directory (whatever the local headers say). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + skip;
  }
  return files;
}

/** A slot's state as staff see it: `pending` while a visitor holds it, `available` once it is free. */
async function slotStatus(id: number): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/admin/sessions/${id}`, { headers: auth });
  return ((await response.json()) as { session: { status: string } }).session.status;
}

/** What Chromium logs for an API answer it was expected to give (a refusal, a record that is gone). */
const loadFailure = (status: string) =>
  `console: Failed to load resource: the server responded with a status of ${status}`;

const patientsTable = (page: Page) => page.getByRole('table', { name: 'Patients' });
const rowOf = (table: Locator, name: string) => table.getByRole('row').filter({ hasText: name });

/** The value of a fact ('Date of birth') in a panel of the detail. */
const fact = (page: Page, panel: string, term: string) =>
  page
    .getByRole('region', { name: panel })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');

describe('patients in the back office', () => {
  // Booked in this order, so the list (newest first) shows them the other way round.
  let grainne: Booked;
  let saoirse: Booked;
  let oisin: Booked;
  let gobnait: Booked;
  const resultName = 'Torthaí tástála craicinn Gráinne Nic Giolla Phádraig.pdf';
  const pages: WatchedPage[] = [];

  beforeAll(async () => {
    grainne = await staffBook(
      { isAdult: true, isVideoCall: false },
      { first: 'Gráinne', email: `grainne.${runName.toLowerCase()}@example.ie` },
      resultName,
    );
    saoirse = await staffBook({ isAdult: true, isVideoCall: true }, { first: 'Saoirse' });
    oisin = await staffBook(
      { isAdult: false, isVideoCall: false },
      {
        first: 'Oisín',
        guardian: 'Caoimhe-Bernadette',
        email: `caoimhe.bernadette.nic-giolla-phadraig.${runName.toLowerCase()}@example-family-mail.ie`,
      },
    );
    gobnait = await staffBook(
      { isAdult: true, isVideoCall: true },
      { first: 'Gobnait-Bernadette', email: `gobnait.${runName.toLowerCase()}@example.ie` },
    );
  }, 120_000);

  afterAll(async () => {
    for (const { page, errors } of pages) {
      await page.close();
      expect(errors).toEqual([]);
    }
  });

  it("searches the list, newest first, with the spec's columns, and exports Patients.csv of the search, at 1280 px", async () => {
    const watched = await openAdminPage(browser, { viewport: viewports.desktop });
    pages.push(watched);
    const { page } = watched;
    await page.goto('/admin/patients');
    await page.getByRole('heading', { level: 1, name: 'Patients' }).waitFor();
    await patientsTable(page).getByRole('row').nth(1).waitFor();
    expect(await patientsTable(page).getByRole('columnheader').allTextContents()).toEqual([
      'Patient name',
      'Email',
      'Date of birth',
      'Phone',
    ]);

    await searchList(page, 'Search by name, e-mail or phone', runName);
    await page.getByText('1–4 of 4').waitFor();
    const names = await patientsTable(page).locator('tbody th a').allTextContents();
    expect(names).toEqual([gobnait.name, oisin.name, saoirse.name, grainne.name]);
    const row = rowOf(patientsTable(page), grainne.name);
    await row.getByText(`grainne.${runName.toLowerCase()}@example.ie`).waitFor();
    await row.getByText('12/04/1990').waitFor();
    await row.getByText('087 123 4567').waitFor();
    // Saoirse gave no e-mail; Oisín is a child.
    await rowOf(patientsTable(page), saoirse.name).getByText('Not given').waitFor();
    await rowOf(patientsTable(page), oisin.name).getByText('Child').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-patients-1280');

    // Patients.csv of the search: a BOM, the header, this run's four patients.
    const file = await downloadOf(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(file.name).toBe('Patients.csv');
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(patientCsvColumns.join(','));
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      gobnait.name,
      oisin.name,
      saoirse.name,
      grainne.name,
    ]);
    expect(lines.find((line) => line.startsWith(oisin.name))).toContain(
      `,Child,Caoimhe-Bernadette ${runName},`,
    );

    // A narrower search (part of an e-mail), then one that finds nobody.
    await page.getByLabel('Search by name, e-mail or phone').fill(`gobnait.${runName.toLowerCase()}@`);
    await page.getByText('1–1 of 1').waitFor();
    await page.getByLabel('Search by name, e-mail or phone').fill(`Nobody ${runName}`);
    await page.getByText(`No results for “Nobody ${runName}”.`).waitFor();
    expect(await axeViolations(page, 'patients no results 1280')).toEqual([]);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/patients' && !url.searchParams.has('search'));

    // A name opens the patient.
    await searchList(page, 'Search by name, e-mail or phone', runName);
    await page.getByText('1–4 of 4').waitFor();
    await patientsTable(page).getByRole('link', { name: saoirse.name }).click();
    await page.waitForURL(`**/admin/patients/${saoirse.patientId}`);
    await page.getByRole('heading', { level: 1, name: saoirse.name }).waitFor();
    await page.getByText('Patient, adult').waitFor();
    // A video consultation: no GP was asked.
    expect(await fact(page, 'GP or consultant', 'Name').textContent()).toBe('Not given');
  }, 120_000);

  it('shows a booked patient, downloads their result and their GDPR zip, and erases them once nothing is to come, at 360 px', async () => {
    const { page, errors, context } = await openAdminPage(browser, { viewport: viewports.phone });
    await page.goto(`/admin/patients/${grainne.patientId}`);
    await page.getByRole('heading', { level: 1, name: grainne.name }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to appointments' }).getAttribute('href')).toBe(
      '/admin',
    );
    expect(await fact(page, 'Personal details', 'Date of birth').textContent()).toMatch(
      /^12\/04\/1990 \(\d+ years\)$/,
    );
    expect(await fact(page, 'Personal details', 'Adult or child').textContent()).toBe('Adult');
    expect(await fact(page, 'Personal details', 'Phone').textContent()).toBe('087 123 4567');
    expect(await fact(page, 'GP or consultant', 'Name').textContent()).toBe('Dr Walsh');
    expect(await fact(page, 'GP or consultant', 'Address').textContent()).toBe(
      '12 Harcourt Street, Dublin 2',
    );
    expect(await fact(page, 'GP or consultant', 'E-mail').textContent()).toBe('Not given');
    expect(await fact(page, 'GP or consultant', 'Reason for the test').textContent()).toBe('Not given');
    const appointment = page.getByRole('region', { name: 'Appointments' }).getByRole('link');
    expect(await appointment.getAttribute('href')).toBe(
      `/admin/appointment/edit?id=${grainne.appointmentId}`,
    );
    expect(await appointment.textContent()).toBe(
      `${grainne.day.split('-').reverse().join('/')} at 10:00, Allergy test, Booked · Booked by admin`,
    );
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'patient 360')).toEqual([]);
    await screenshot(page, 'admin-patient-360');

    // The result: its name cut to 27 characters, downloaded with the token under its own name.
    const files = page.getByRole('region', { name: 'Files' });
    const result = await downloadOf(page, () =>
      files.getByRole('button', { name: `Download ${[...resultName].slice(0, 27).join('')}…` }).click(),
    );
    expect(result.name).toBe(resultName);
    expect(result.bytes.equals(await readFile(resolve('testdata/letter.pdf')))).toBe(true);

    // Export data: the dialog says what is downloaded; the zip holds patient.json and the result.
    const zipName = `patient-${grainne.patientId}.zip`;
    await page.getByRole('button', { name: 'Export data' }).click();
    const exportDialog = page.getByRole('dialog', { name: `Export ${grainne.name}’s data?` });
    await exportDialog.getByText(/For a GDPR access request: this downloads/).waitFor();
    await exportDialog.locator('strong', { hasText: zipName }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'export dialog 360')).toEqual([]);
    await screenshot(page, 'admin-patient-export-dialog-360');
    const zip = await downloadOf(page, () =>
      exportDialog.getByRole('button', { name: `Download ${zipName}` }).click(),
    );
    expect(zip.name).toBe(zipName);
    const entries = unzip(zip.bytes);
    const json = JSON.parse(entries.get('patient.json')?.toString('utf8') ?? '{}');
    expect(JSON.stringify(json)).toContain(grainne.name.split(' ')[0]);
    expect(JSON.stringify(json)).toContain(runName);
    expect([...entries.keys()].some((name) => name.startsWith('files/result-'))).toBe(true);
    await notice(page, `${zipName} has been downloaded.`);
    await exportDialog.waitFor({ state: 'hidden' });

    // Erase: refused while the appointment is to come; the reason in the page, and nothing lost.
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    const eraseDialog = page.getByRole('dialog', { name: `Erase ${grainne.name}?` });
    await eraseDialog
      .getByText(
        `This deletes ${grainne.name}’s personal details, files and e-mails for good. ${patientTexts.eraseKeepsAppointments}`,
      )
      .waitFor();
    await eraseDialog.getByText('This cannot be undone.', { exact: true }).waitFor();
    // Nothing of theirs is still being booked, so the dialog does not say that anything is deleted with them.
    expect(await eraseDialog.getByText(patientTexts.eraseDeletesBeingBooked).count()).toBe(0);
    expect(await axeViolations(page, 'erase dialog 360')).toEqual([]);
    await screenshot(page, 'admin-patient-erase-dialog-360');
    await eraseDialog.getByRole('button', { name: 'Erase for good' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: patientTexts.eraseUpcoming });
    await refusal.waitFor();
    await expect.poll(() => refusal.evaluate((element) => element === document.activeElement)).toBe(true);
    await eraseDialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: grainne.name }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'erase refused 360')).toEqual([]);
    await screenshot(page, 'admin-patient-erase-refused-360');

    // Once the appointment is deleted, the erasure goes through: the notice, and back to the list.
    const deleted = await fetch(`${baseUrl()}/api/admin/transactions/${grainne.appointmentId}`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(deleted.status).toBe(204);
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    await eraseDialog.getByRole('button', { name: 'Erase for good' }).click();
    await notice(page, patientTexts.erased);
    await page.waitForURL((url) => url.pathname === '/admin/patients');
    await searchList(page, 'Search by name, e-mail or phone', runName);
    await page.getByText('1–3 of 3').waitFor();
    expect(await rowOf(patientsTable(page), grainne.name).count()).toBe(0);

    // The erased patient's address: not found.
    await page.goto(`/admin/patients/${grainne.patientId}`);
    await page.getByRole('heading', { level: 1, name: 'Patient not found' }).waitFor();
    await page.getByText('This patient does not exist. It may have been deleted.').waitFor();
    expect(await axeViolations(page, 'patient not found 360')).toEqual([]);
    await screenshot(page, 'admin-patient-not-found-360');
    // Nothing went wrong but the two answers expected: the refusal and the patient gone.
    expect(errors).toEqual([loadFailure('409 (Conflict)'), loadFailure('404 (Not Found)')]);
    await context.close();
  }, 120_000);

  it("shows those reads, the export and the erasure on the Activity screen with the admin's e-mail, at 1280 px", async () => {
    const watched = await openAdminPage(browser, { viewport: viewports.desktop });
    pages.push(watched);
    const { page } = watched;
    await page.goto('/admin/activity');
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    const table = page.getByRole('table', { name: 'Activity' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'When',
      'Who',
      'Action',
      'Record',
      'Fields',
    ]);
    // The list's own reads are there, newest first: this screen's read of the patients list went before.
    expect(await table.locator('tbody tr').first().locator('th').textContent()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );

    // Searched as the screen shows it: 'Patient {id}' is that patient's record.
    const record = `Patient ${grainne.patientId}`;
    await searchList(page, 'Search by admin e-mail, action, record type or id', record);
    // The id alone is searched (the API matches an id whole, of any record type): this patient's entries, newest
    // first, are the erasure, the zip, the file and the detail read by this admin.
    const entries = async () =>
      (
        await table
          .locator('tbody tr')
          .evaluateAll((rows) =>
            rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
          )
      ).filter((cells) => cells[2] === record);
    await expect
      .poll(async () => (await entries()).slice(0, 4))
      .toEqual([
        [
          E2E_ADMIN.email,
          'Erased',
          record,
          'appointment_ids, appointments, emails, files, intake_forms, payments, texts, waitlist_entries',
        ],
        [
          E2E_ADMIN.email,
          'Exported as a zip (GDPR access request)',
          record,
          'appointments, emails, files, intake_forms, payments, referrals, texts, waitlist_entries',
        ],
        [E2E_ADMIN.email, 'Read a document downloaded', record, '—None'],
        [E2E_ADMIN.email, "Read on the patient's page", record, '—None'],
      ]);
    expect(await page.locator('main').textContent()).not.toContain('Gráinne');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'activity 1280')).toEqual([]);
    await screenshot(page, 'admin-activity-1280');

    // 'Exported' finds the CSV export of the patients list too.
    await page.getByLabel('Search by admin e-mail, action, record type or id').fill('Exported');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Exported');
    await table
      .locator('tbody tr')
      .filter({ hasText: 'Patient list' })
      .filter({ hasText: 'Exported as a CSV file' })
      .first()
      .waitFor();
    for (const action of await table.locator('tbody td:nth-child(3)').allTextContents()) {
      expect(action).toMatch(/^Exported /);
    }
  }, 120_000);

  for (const viewport of [viewports.phone, viewports.desktop]) {
    it(`have no axe-core violations and fit the screen at ${viewport.width} px: list, details, dialogs, activity`, async () => {
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      const width = viewport.width;
      const check = async (label: string) => {
        expect(await axeViolations(page, `${label} @${width}`)).toEqual([]);
        expect({ label, fits: await fitsWidth(page) }).toEqual({ label, fits: true });
        await screenshot(page, `${label}-${width}`);
      };

      await page.goto(`/admin/patients?search=${runName}`);
      await patientsTable(page).getByRole('row').nth(1).waitFor();
      await page.getByText('1–3 of 3').waitFor();
      await check('admin-patients');

      // A child with a long e-mail and a guardian; their appointment is to come, so erasing is refused.
      await page.goto(`/admin/patients/${oisin.patientId}`);
      await page.getByRole('heading', { level: 1, name: oisin.name }).waitFor();
      expect(await fact(page, 'Personal details', 'Parent or guardian').textContent()).toBe(
        `Caoimhe-Bernadette ${runName}`,
      );
      expect(await fact(page, 'Personal details', 'Adult or child').textContent()).toBe('Child');
      await check('admin-patient-child');
      await page.getByRole('button', { name: 'Erase', exact: true }).click();
      await page.getByRole('dialog', { name: `Erase ${oisin.name}?` }).waitFor();
      await check('admin-patient-child-erase-dialog');
      await page.getByRole('button', { name: 'Keep patient' }).click();
      await page.getByRole('button', { name: 'Export data' }).click();
      await page.getByRole('dialog', { name: `Export ${oisin.name}’s data?` }).waitFor();
      await check('admin-patient-child-export-dialog');
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      // The focus goes back to the button that opened the dialog.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Export data');

      await page.goto(`/admin/patients/${gobnait.patientId}`);
      await page.getByRole('heading', { level: 1, name: gobnait.name }).waitFor();
      await check('admin-patient-video');

      await page.goto('/admin/patients/2147483647');
      await page.getByRole('heading', { level: 1, name: 'Patient not found' }).waitFor();
      await check('admin-patient-missing');

      await page.goto('/admin/activity');
      await page.getByRole('table', { name: 'Activity' }).getByRole('row').nth(1).waitFor();
      await check('admin-activity');
      expect(errors).toEqual([loadFailure('404 (Not Found)')]);
      await context.close();
    }, 180_000); // a sweep of every screen and dialog: minutes on a busy machine
  }

  it('erases a visitor whose only booking is still being made, saying first that the booking is deleted, at 360 and 1280 px', async () => {
    // A visitor who left at the payment step: their booking is held, not paid, and they are not in Patients.
    const kind: SlotKind = { isAdult: true, isVideoCall: true };
    const day = freshDay();
    const [slotId = 0] = await createSlots(auth, day, kind, [10 * 60]);
    const name = `Ailbhe ${runName}`;
    const { patient } = await bookUnpaid(slotId, {
      is_adult: kind.isAdult,
      is_video_call: kind.isVideoCall,
      first_name: 'Ailbhe',
      last_name: runName,
      email: `ailbhe.${runName.toLowerCase()}@example.ie`,
      phone: '087 123 4567',
      dob: '1990-04-12',
    });
    expect(await slotStatus(slotId)).toBe('pending');

    const { page, errors, context } = await openAdminPage(browser, { viewport: viewports.phone });
    await page.goto(`/admin/patients/${patient.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page
      .getByRole('region', { name: 'Appointments' })
      .getByRole('link')
      .filter({ hasText: 'Being booked' })
      .waitFor();
    const eraseDialog = page.getByRole('dialog', { name: `Erase ${name}?` });
    for (const viewport of [viewports.phone, viewports.desktop]) {
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: 'Erase', exact: true }).click();
      await eraseDialog
        .getByText(
          `This deletes ${name}’s personal details, files and e-mails for good. ${patientTexts.eraseDeletesBeingBooked}`,
        )
        .waitFor();
      // Nothing of theirs stays in the records, so the dialog does not say that it does.
      expect(await eraseDialog.getByText(patientTexts.eraseKeepsAppointments).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `erase dialog being booked ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-patient-erase-being-booked-${viewport.width}`);
      await eraseDialog.getByRole('button', { name: 'Keep patient' }).click();
      await eraseDialog.waitFor({ state: 'hidden' });
    }

    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    await eraseDialog.getByRole('button', { name: 'Erase for good' }).click();
    await notice(page, patientTexts.erased);
    await page.waitForURL((url) => url.pathname === '/admin/patients');
    // The booking went with them, and its time is free for others at once.
    expect(await slotStatus(slotId)).toBe('available');
    const gone = await fetch(`${baseUrl()}/api/admin/patients/${patient.id}`, { headers: auth });
    expect(gone.status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
