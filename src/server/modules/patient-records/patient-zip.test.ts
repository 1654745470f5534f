import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../test/zip-reader';
import { zipFileName, zipStream } from './patient-zip';

describe('zipFileName', () => {
  it('keeps a name with fadas and makes any other name a plain file name', () => {
    expect(zipFileName('Torthaí Ní Bhriain.pdf')).toBe('Torthaí Ní Bhriain.pdf');
    expect(zipFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(zipFileName('..\\..\\boot.ini')).toBe('_.._boot.ini');
    expect(zipFileName('C:\\letter?.pdf')).toBe('C__letter_.pdf');
    expect(zipFileName('.hidden.pdf')).toBe('hidden.pdf');
    expect(zipFileName('a\u0000b\u202ecod.exe\u200e.pdf')).toBe('abcod.exe.pdf');
    expect(zipFileName('  ...  ')).toBe('file');
    expect(zipFileName('x'.repeat(300))).toHaveLength(120);
  });
});

describe('zipStream', () => {
  it('zips bytes given now and bytes read when their turn comes, in order', async () => {
    const order: string[] = [];
    const stream = await zipStream([
      { path: 'a.json', bytes: Buffer.from('{"a":1}'), compress: true },
      {
        path: 'files/b.pdf',
        compress: false,
        bytes: async () => {
          order.push('b read');
          return Buffer.from('%PDF-1.4 b');
        },
      },
    ]);
    const entries = readZip(await buffer(stream));
    expect(entries.map((entry) => [entry.name, entry.bytes.toString()])).toEqual([
      ['a.json', '{"a":1}'],
      ['files/b.pdf', '%PDF-1.4 b'],
    ]);
    expect(order).toEqual(['b read']);
  });

  it('ends the stream with an error when a file cannot be read, so the download fails', async () => {
    const stream = await zipStream([
      { path: 'a.json', bytes: Buffer.from('{}'), compress: true },
      {
        path: 'files/gone.pdf',
        compress: false,
        bytes: async () => {
          throw new Error('the file went away');
        },
      },
    ]);
    await expect(buffer(stream)).rejects.toThrow('the file went away');
  });
});
