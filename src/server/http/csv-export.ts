import { Readable } from 'node:stream';
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

/** What makes a CSV field need quotes (RFC 4180): a comma, a double quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/** A field as written: in double quotes, its own doubled, when it holds a comma, a quote or a line break. */
function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of `cells`, each made inert and quoted as needed, ending with a line feed. */
export function csvLine(cells: readonly CsvCell[]): string {
  let line = '';
  for (let index = 0; index < cells.length; index += 1) {
    line += `${index === 0 ? '' : ','}${csvField(inertCell(cells[index]))}`;
  }
  return `${line}\n`;
}

/** About how much text goes into one chunk of the download. */
const CHUNK_CHARACTERS = 16 * 1024;

/**
 * Answers a CSV download, streamed: UTF-8 with a byte order mark (so spreadsheet programs show Irish names as
 * written), a header row, then `rows` as they come (read them a batch at a time, so memory does not grow with
 * the rows), every cell made inert, a few hundred rows to a chunk. Written here rather than by a CSV library:
 * csv-stringify made some ten times as much garbage a row as the row's text, and at 100,000 rows its collection
 * was a third of the export's time. A failure after the first bytes ends the connection, so the download fails
 * instead of ending early looking complete.
 */
export async function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
): Promise<FastifyReply> {
  async function* chunks() {
    // The header at once: the download starts while the first rows are read.
    yield `\uFEFF${header.map(csvField).join(',')}\n`;
    let text = '';
    for await (const row of rows) {
      text += csvLine(row);
      if (text.length >= CHUNK_CHARACTERS) {
        yield text;
        text = '';
      }
    }
    if (text) yield text;
  }
  // A failed read destroys the stream the reply sends, and so its connection.
  const csv = Readable.from(chunks(), { objectMode: false });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}
