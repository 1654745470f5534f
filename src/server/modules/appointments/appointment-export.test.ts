import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentCsvColumns } from '../../../shared/appointments';
import { appointments, auditLog, patients } from '../../db/schema';
import { createAdminBookingTestApp, createBooking, paidBooking } from '../../test/booking-fixtures';
import {
  deleteAppointment,
  refundAppointment,
  staffBooking,
  storedAppointment,
} from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { appointmentCsvBatches } from './appointment-repository';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const download = (query = '') =>
  t.app.inject({ url: `/api/admin/export_transactions${query}`, headers: t.auth });

/** The CSV's lines after the header (cells of this test's rows hold no comma, quote or line break). */
const rowsOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(','));

const header = appointmentCsvColumns.join(',');

describe('GET /api/admin/export_transactions', () => {
  it('answers Appointments.csv: UTF-8 with a BOM, the header, a row an appointment, newest first', async () => {
    const paid = await paidBooking(t.app, db(), {
      form: {
        first_name: 'Gráinne',
        last_name: 'Mhic Aodha',
        email: 'grainne@example.ie',
        phone: '0871234567',
      },
    });
    const staff = await staffBooking(t.app, db(), t.auth, {
      slot: { isVideoCall: true, isAdult: false },
      form: {
        first_name: 'Ruairí',
        last_name: 'Ó Dónaill',
        email: '',
        phone: '0861112222',
        is_adult: false,
        guardian_first_name: 'Máire',
        guardian_last_name: 'Ní Dhónaill',
      },
    });

    const response = await download('?search_transaction=%C3%B3%20D%C3%B3naill');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Appointments.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(header);
    expect(rowsOf(response.body)).toEqual([
      [
        'Ruairí Ó Dónaill',
        'Child',
        'Booked by admin',
        'Booked',
        expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
        expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/),
        '10:00',
        'Video consultation',
        '',
        '086 111 2222',
        '',
        '',
        '',
      ],
    ]);

    const both = rowsOf((await download('?search_transaction=%C3%B3%20D%C3%B3naill')).body).length;
    expect(both).toBe(1);
    const paidRows = rowsOf((await download('?search_transaction=grainne@')).body);
    expect(paidRows).toEqual([
      [
        'Gráinne Mhic Aodha',
        'Adult',
        'Paid',
        'Booked',
        expect.any(String),
        expect.any(String),
        '10:00',
        'Allergy test',
        'grainne@example.ie',
        '087 123 4567',
        '180.00',
        '',
        'Card (online)',
      ],
    ]);
    // Newest first, like the list.
    const all = rowsOf((await download()).body).map((row) => row[0]);
    expect(all.indexOf('Ruairí Ó Dónaill')).toBeLessThan(all.indexOf('Gráinne Mhic Aodha'));
    expect(paid.appointmentId).toBeLessThan(staff.id);
  });

  it('says what was refunded beside the amount, so takings can be summed', async () => {
    const paid = await paidBooking(t.app, db(), {
      form: { last_name: 'Refundova', email: 'refundova@example.ie' },
    });
    expect((await refundAppointment(t.app, t.auth, paid.appointmentId)).statusCode).toBe(200);
    const [row] = rowsOf((await download('?search_transaction=refundova&include_cancelled=true')).body);
    expect(row?.slice(-3)).toEqual(['180.00', '180.00', 'Card (online)']);
  });

  it("applies the list's filter: the kind, the search, the cancelled ones only when asked", async () => {
    await staffBooking(t.app, db(), t.auth, {
      slot: { isVideoCall: true },
      form: { last_name: 'Filterova' },
    });
    await staffBooking(t.app, db(), t.auth, { form: { last_name: 'Filterova' } });
    const cancelled = await staffBooking(t.app, db(), t.auth, { form: { last_name: 'Filterova' } });
    const deleted = await deleteAppointment(t.app, t.auth, cancelled.id);
    expect(deleted.statusCode).toBe(204);
    const kinds = async (query: string) =>
      rowsOf((await download(`?search_transaction=filterova${query}`)).body).map(
        (row) => `${row[7]}/${row[3]}`,
      );
    expect(await kinds('')).toEqual(['Allergy test/Booked', 'Video consultation/Booked']);
    expect(await kinds('&is_video_call=true')).toEqual(['Video consultation/Booked']);
    expect(await kinds('&is_video_call=false')).toEqual(['Allergy test/Booked']);
    expect(await kinds('&include_cancelled=true')).toEqual([
      'Allergy test/Cancelled',
      'Allergy test/Booked',
      'Video consultation/Booked',
    ]);
    expect((await download('?is_video_call=maybe')).statusCode).toBe(422);
    expect((await download('?page=2')).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/admin/export_transactions' })).statusCode).toBe(401);
  });

  it('holds the bookings still being made only with include_held, as the list', async () => {
    await createBooking(t.app, db(), { form: { first_name: 'Heldie', last_name: 'Csvmaker' } });
    await staffBooking(t.app, db(), t.auth, { form: { last_name: 'Csvmaker' } });
    const statuses = async (query: string) =>
      rowsOf((await download(`?search_transaction=csvmaker${query}`)).body).map((row) => row[3]);
    expect(await statuses('')).toEqual(['Booked']);
    expect(await statuses('&include_held=true')).toEqual(['Booked', 'Being booked']);
    expect((await download('?include_held=maybe')).statusCode).toBe(422);
  });

  it('makes every cell that starts like a formula inert, names included', async () => {
    const starts = ['=', '+', '-', '@', '\t', '\r'];
    for (const [index, start] of starts.entries()) {
      // Stored directly: the API refuses tabs and carriage returns in a name.
      const stored = await storedAppointment(db(), { status: 'booked', started: false });
      await db()
        .update(patients)
        .set({
          firstName: `${start}HYPERLINK("http://evil.test")`,
          lastName: `Formulaic${index}`,
          phone: '+353871234',
        })
        .where(eq(patients.id, stored.patientId));
    }
    const response = await download('?search_transaction=formulaic');
    expect(response.statusCode).toBe(200);
    const body = response.body;
    for (const start of starts) expect(body).toContain(`'${start}HYPERLINK`);
    // Every one of them: the character before each formula's start is the apostrophe.
    const found = [...body.matchAll(/HYPERLINK/g)].map((match) => body[(match.index ?? 0) - 2]);
    expect(found).toEqual(starts.map(() => "'"));
    // A number too short for the phone library is still written with 00 for its +, so it needs no apostrophe.
    expect(body).toContain(',00 353871234,');
  });

  it('streams a big export in batches: every appointment once, even those registered at the same instant', async () => {
    const total = 2_600;
    // One statement: every row gets the same created_at (with its microseconds).
    await db().execute(sql`
      with made as (
        insert into ${patients} (first_name, last_name, phone, is_adult)
        select 'Bulk', 'Person' || n, '0870000000', true from generate_series(1, ${total}::int) as n
        returning id, last_name
      )
      insert into ${appointments} (patient_id, status, booked_by_admin, price_cents, created_at)
      select id, 'booked', true, 18000, timestamptz '2020-01-01 10:00:00.123456+00' from made`);
    const response = await download('?search_transaction=bulk%20person');
    expect(response.statusCode).toBe(200);
    const names = rowsOf(response.body).map((row) => row[0]);
    expect(names).toHaveLength(total);
    expect(new Set(names).size).toBe(total);
    expect(names[0]).toBe(`Bulk Person${total}`);
    expect(names.at(-1)).toBe('Bulk Person1');

    // Read a batch at a time, none bigger than asked, none read twice.
    const seen = new Set<number>();
    let batches = 0;
    for await (const batch of appointmentCsvBatches(db(), { search_transaction: 'bulk person' }, 400)) {
      batches += 1;
      expect(batch.length).toBeLessThanOrEqual(400);
      for (const record of batch) {
        expect(seen.has(record.appointment.id)).toBe(false);
        seen.add(record.appointment.id);
      }
    }
    expect(seen.size).toBe(total);
    expect(batches).toBe(Math.ceil(total / 400));
  });

  it('is audited once, before the download, with its filter and row count but no personal data', async () => {
    const response = await download('?search_transaction=Gr%C3%A1inne&is_video_call=false');
    expect(response.statusCode).toBe(200);
    const [entry, ...others] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, 'appointment')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actor: 'admin',
      entityId: null,
      details: {
        format: 'csv',
        rows: 1,
        filter: { is_video_call: false, include_cancelled: false, searched: true },
      },
    });
    expect(JSON.stringify(entry?.details)).not.toMatch(/Gr[aá]inne/i);
  });
});
