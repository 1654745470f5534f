import { parsePhoneNumber } from 'awesome-phonenumber';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { type CsvCell, inertCell, phoneForSpreadsheet, sendCsv } from './csv-export';

async function download(rows: AsyncIterable<readonly CsvCell[]>) {
  const app = Fastify({ logger: false });
  app.get('/csv', (_request, reply) => sendCsv(reply, 'Things.csv', ['Name', 'Amount'], rows));
  try {
    return await app.inject({ url: '/csv' });
  } finally {
    await app.close();
  }
}

async function* from(rows: (readonly CsvCell[])[]) {
  for (const row of rows) yield row;
}

describe('inertCell', () => {
  it('makes every cell that starts like a formula text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(inertCell(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    expect(inertCell('=HYPERLINK("http://evil.test","Click")')).toBe(
      `'=HYPERLINK("http://evil.test","Click")`,
    );
    expect(inertCell('+353 87 123 4567')).toBe(`'+353 87 123 4567`);
  });

  it('leaves other cells as they are', () => {
    expect(inertCell('Siobhán Ó Briain')).toBe('Siobhán Ó Briain');
    expect(inertCell(' =1+1')).toBe(' =1+1');
    expect(inertCell(180)).toBe('180');
    expect(inertCell(null)).toBe('');
    expect(inertCell(undefined)).toBe('');
  });
});

describe('phoneForSpreadsheet', () => {
  it('writes an Irish number in its national form and another as dialled from Ireland, unreadable ones with 00 for +', () => {
    const cases = [
      ['+353 87 123 4567', '087 123 4567'],
      ['0871234567', '087 123 4567'],
      ['+353871234567', '087 123 4567'],
      ['(01) 293-4560', '(01) 293 4560'],
      ['+44 20 7946 0958', '00 44 20 7946 0958'],
      ['+1 212 555 0100', '00 1 212-555-0100'],
      ['123456', '123456'],
      ['+353 87 123 456', '00 353 87 123 456'],
      ['+999 123 4567', '00 999 123 4567'],
      ['+1 (555) 010-0199', '00 1 (555) 010-0199'],
      ['+SUM(1)', '+SUM(1)'],
    ];
    for (const [typed, written] of cases)
      expect(phoneForSpreadsheet(typed!, parsePhoneNumber), typed).toBe(written);
  });
});

describe('sendCsv', () => {
  it('writes phone numbers a spreadsheet reads as the text they are: no formula, no number, no apostrophe', async () => {
    const response = await download(
      from([
        ['Aoife', { phone: '+353 87 123 4567' }],
        ['Bríd', { phone: '0871234567' }],
        ['Hamish', { phone: '+44 20 7946 0958' }],
        ['None', { phone: null }],
        ['Short', { phone: '+353 87 123 456' }],
        ['Odd', { phone: '+SUM(1)' }],
      ]),
    );
    // Read as a spreadsheet program reads a CSV it opens, guessing each cell's type.
    const sheet = XLSX.read(response.body.slice(1), { type: 'string' }).Sheets.Sheet1!;
    const cell = (row: number) => sheet[`B${row}`] as XLSX.CellObject | undefined;
    expect([2, 3, 4].map((row) => [cell(row)?.t, cell(row)?.v, cell(row)?.f])).toEqual([
      ['s', '087 123 4567', undefined],
      ['s', '087 123 4567', undefined],
      ['s', '00 44 20 7946 0958', undefined],
    ]);
    expect(cell(5)).toBeUndefined();
    // A digit short, the library cannot read it, but it is still a number typed with its +.
    expect([cell(6)?.t, cell(6)?.v, cell(6)?.f]).toEqual(['s', '00 353 87 123 456', undefined]);
    // Anything else keeps the formula guard.
    expect(cell(7)?.v).toBe("'+SUM(1)");
  });

  it('answers UTF-8 with a BOM, a header row and quoted cells, as an attachment', async () => {
    const response = await download(
      from([
        ['Siobhán "Shiv" Ó Briain', 180],
        ['=cmd|calc', '-1'],
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Things.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.slice(1)).toBe('Name,Amount\n"Siobhán ""Shiv"" Ó Briain",180\n\'=cmd|calc,\'-1\n');
  });

  it('quotes a cell with a semicolon or a line break, so no spreadsheet splits it into a formula', async () => {
    const response = await download(from([['a;=1+1 zz', 'two\nlines']]));
    expect(response.body).toContain('"a;=1+1 zz","two\nlines"');
  });

  it('quotes a cell with a line or paragraph separator or a lone carriage return, so no line reader splits the row', async () => {
    const response = await download(
      from([
        ['Mary\u2028Ann', 'one\u2029two'],
        ['a\rb', 1],
      ]),
    );
    expect(response.body.slice(1)).toBe('Name,Amount\n"Mary\u2028Ann","one\u2029two"\n"a\rb",1\n');
  });

  it('answers the header row alone when there are no rows', async () => {
    const response = await download(from([]));
    expect(response.body.slice(1)).toBe('Name,Amount\n');
  });

  it('ends the connection when reading the rows fails after the download started', async () => {
    async function* failing() {
      yield ['Aoife', 1];
      throw new Error('database went away');
    }
    await expect(download(failing())).rejects.toThrow();
  });
});
