import { pipeline, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | null | undefined;

/** What a spreadsheet program reads as the start of a formula (OWASP, 'CSV injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet program shows as the text it is: one that starts like a formula (`=`, `+`, `-`, `@`, a
 * tab or a carriage return: `=HYPERLINK(…)`, but also a phone number `+353 …`) gets a leading apostrophe,
 * which spreadsheets read as 'this is text' and do not show.
 */
export function inertCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Answers a CSV download, streamed: UTF-8 with a byte order mark (so spreadsheet programs show Irish names as
 * written), a header row, then `rows` as they come (read them a batch at a time, so memory does not grow with
 * the rows), every cell made inert. A failure after the first bytes ends the connection, so the download fails
 * instead of ending early looking complete.
 */
export async function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
): Promise<FastifyReply> {
  const { stringify } = await import('csv-stringify');
  async function* records() {
    for await (const row of rows) yield row.map(inertCell);
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
