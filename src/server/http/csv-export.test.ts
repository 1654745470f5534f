import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type CsvCell, csvLine, inertCell, sendCsv } from './csv-export';

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

describe('csvLine', () => {
  it('quotes a cell holding a comma, a double quote or a line break (RFC 4180), and no other', () => {
    expect(csvLine(['Dublin 2, D02 XY45', 'He said "hello"', 'two\nlines', 'a\rb', 'plain', 180, null])).toBe(
      '"Dublin 2, D02 XY45","He said ""hello""","two\nlines","a\rb",plain,180,\n',
    );
    expect(csvLine(['=1+1,2'])).toBe(`"'=1+1,2"\n`);
  });
});

describe('sendCsv', () => {
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

  it('writes every row of a long download once, in order', async () => {
    const rows = Array.from({ length: 3000 }, (_, index) => [`Patient ${index}`, index]);
    const response = await download(from(rows));
    const lines = response.body.slice(1).split('\n');
    expect(lines).toHaveLength(3002);
    expect(lines.slice(1, -1)).toEqual(rows.map(([name, index]) => `${name},${index}`));
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
