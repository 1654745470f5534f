import { pipeline, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { phoneProblem } from '../../shared/phone';

/** A phone number's cell, written by `sendCsv` as `phoneForSpreadsheet` says. */
interface PhoneCell {
  phone: string | null | undefined;
}

export type CsvCell = string | number | null | undefined | PhoneCell;

type ParsePhoneNumber = typeof import('awesome-phonenumber').parsePhoneNumber;

/**
 * A phone number as a spreadsheet shows it and reads it as text: a number of Ireland in its national form
 * (`087 123 4567`), another in its international form with 00 for the +, as it is dialled from Ireland
 * (`00 44 20 7946 0958`). Grouped by spaces it is not read as a number (which would lose the leading 0), and
 * without its + not as a formula, so the formula guard need not put its apostrophe before it. A number the
 * library cannot read (a digit short, a country code it does not know) keeps its digits as typed, its + written
 * as 00 all the same; anything else stays as typed, for the guard.
 */
export function phoneForSpreadsheet(phone: string, parsePhoneNumber: ParsePhoneNumber): string {
  const parsed = parsePhoneNumber(phone, { regionCode: 'IE' });
  if (!parsed.valid)
    return phone.startsWith('+') && phoneProblem(phone) === undefined
      ? phone.replace(/^\+\s*/, '00 ')
      : phone;
  return parsed.regionCode === 'IE'
    ? parsed.number.national
    : parsed.number.international.replace(/^\+/, '00 ');
}

/** What a spreadsheet program reads as the start of a formula (OWASP, 'CSV injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet program shows as the text it is: one that starts like a formula (`=`, `+`, `-`, `@`, a
 * tab or a carriage return: `=HYPERLINK(…)`, but also a phone number `+353 …`) gets a leading apostrophe,
 * which spreadsheets read as 'this is text' and do not show.
 */
export function inertCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A CSV's header and rows without the columns named (a role that may not read them): the columns are left out,
 * not blanked, as an answer's fields are.
 */
export function withoutColumns(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
  leftOut: readonly string[],
): { header: string[]; rows: AsyncIterable<CsvCell[]> } {
  const kept = header.flatMap((name, index) => (leftOut.includes(name) ? [] : [index]));
  return {
    header: kept.map((index) => header[index] ?? ''),
    rows: (async function* () {
      for await (const row of rows) yield kept.map((index) => row[index]);
    })(),
  };
}

/**
 * Answers a CSV download, streamed: UTF-8 with a byte order mark (so spreadsheet programs show Irish names as
 * written), a header row, then `rows` as they come (read them a batch at a time, so memory does not grow with
 * the rows), every cell made inert, phone numbers written as `phoneForSpreadsheet` says. A failure after the first bytes ends the connection, so the download fails
 * instead of ending early looking complete.
 */
export async function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
): Promise<FastifyReply> {
  const [{ stringify }, { parsePhoneNumber }] = await Promise.all([
    import('csv-stringify'),
    import('awesome-phonenumber'),
  ]);
  const cellText = (cell: CsvCell) =>
    typeof cell === 'object' && cell !== null
      ? inertCell(cell.phone ? phoneForSpreadsheet(cell.phone, parsePhoneNumber) : cell.phone)
      : inertCell(cell);
  async function* records() {
    for await (const row of rows) yield row.map(cellText);
  }
  // pipeline, not pipe: a failed read destroys the stream the reply sends, and so its connection.
  const csv = pipeline(
    Readable.from(records()),
    // A cell holding a semicolon is quoted as well as one holding a comma: a spreadsheet set to split on
    // semicolons (as in much of Europe) would otherwise start a new cell, and maybe a formula, inside it. So is
    // one holding a line or paragraph separator (U+2028, U+2029), which a reader splitting lines as Unicode
    // does (JavaScript's, Python's `splitlines`) would read as the end of the row.
    stringify({
      bom: true,
      header: true,
      columns: [...header],
      quoted_match: /[;\r\n\u2028\u2029]/,
    }),
    () => {},
  );
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}
