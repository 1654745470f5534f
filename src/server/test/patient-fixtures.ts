import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { NewPatient } from '../db/schema';
import { insertPatient } from '../modules/patients/patient-repository';
import { storeUpload } from '../modules/uploads/file-repository';
import { adultForm, futureSlot, holdSlot, nextAddress } from './booking-fixtures';
import { type MultipartValue, multipartPayload } from './multipart';

/** A patient stored directly (no booking, no appointment), with any column given. */
export function insertTestPatient(db: Db, values: Partial<NewPatient> = {}) {
  return insertPatient(db, {
    firstName: 'Aoife',
    lastName: 'Byrne',
    email: 'aoife@example.ie',
    phone: '087 123 4567',
    dob: '1990-04-12',
    isAdult: true,
    ...values,
  });
}

/** A private file stored directly, as a booking stores an upload; answers its id. */
export function storePrivateFile(db: Db, fileName: string, bytes: Buffer, mimeType = 'application/pdf') {
  return storeUpload(db, { fileName, bytes, mimeType, variants: [] }, 'private');
}

/**
 * Holds a future slot and books it with a multipart form, as the booking page does, with the form's fields
 * (`adultForm`'s, overridden) and files (by bare field name: result, referral_letter, attachment); answers the
 * new patient's id and the slot.
 */
export async function bookWithFiles(
  app: FastifyInstance,
  db: Db,
  form: Record<string, unknown>,
  attached: Record<string, { fileName: string; bytes: Buffer }>,
) {
  const slot = await futureSlot(db);
  const hold = await holdSlot(app, slot.id);
  const fields: Record<string, MultipartValue | undefined> = {};
  for (const [name, value] of Object.entries(adultForm(slot.id, form))) {
    if (value !== undefined && value !== null) fields[`patient[${name}]`] = value as MultipartValue;
  }
  for (const [name, file] of Object.entries(attached)) fields[`patient[${name}]`] = file;
  const { payload, headers } = await multipartPayload(fields);
  const response = await app.inject({
    method: 'POST',
    url: '/api/patients',
    payload,
    headers: { ...headers, 'x-hold-token': hold },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
  return { patientId: response.json().patient.id as number, slot };
}

/**
 * Sends a self-referral as the website does (multipart `POST /api/patients`, fields by bare name, files as
 * `{ fileName, bytes }`), from an address of its own; answers the new patient's id.
 */
export async function postReferral(
  app: FastifyInstance,
  fields: Record<string, MultipartValue>,
): Promise<number> {
  const { payload, headers } = await multipartPayload(
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [`patient[${name}]`, value])),
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/patients',
    payload,
    headers,
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`referral refused: ${response.body}`);
  return response.json().patient.id as number;
}

/** Every text, JSON and array column of every table of the app. */
async function textColumns(db: Db) {
  const { rows } = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
    order by table_name, column_name`)) as unknown as { rows: { table_name: string; column_name: string }[] };
  return rows;
}

/**
 * Which of `needles` each text, JSON or array column of the app's tables holds anywhere (ignoring case), as
 * `table.column: needle`: what is left of a person after their erasure (none of it, if it worked).
 */
export async function columnsHoldingAny(db: Db, ...needles: string[]): Promise<string[]> {
  const list = sql`array[${sql.join(
    needles.map((needle) => sql`${needle}`),
    sql`, `,
  )}]::text[]`;
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of await textColumns(db)) {
    const { rows } = (await db.execute(sql`
      select needle from unnest(${list}) needle
      where exists (
        select 1 from ${sql.identifier(table)}
        where ${sql.identifier(column)}::text ilike '%' || needle || '%'
      )`)) as unknown as { rows: { needle: string }[] };
    found.push(...rows.map((row) => `${table}.${column}: ${row.needle}`));
  }
  return found;
}
