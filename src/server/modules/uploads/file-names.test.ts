import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeAsciiFileName } from './file-names';

describe('safeAsciiFileName', () => {
  it('keeps printable ASCII and replaces the rest', () => {
    expect(safeAsciiFileName('Résumé.pdf')).toBe('Resume.pdf');
    expect(safeAsciiFileName('a"b\\c/d;e\r\nf.pdf')).toBe('a_b_c_d_e__f.pdf');
    expect(safeAsciiFileName('日本.pdf')).toBe('__.pdf');
    expect(safeAsciiFileName('   ')).toBe('file');
  });
});

describe('attachmentDisposition', () => {
  it('names an ASCII file once, quoted and safe', () => {
    expect(attachmentDisposition('letter.pdf')).toBe('attachment; filename="letter.pdf"');
    expect(attachmentDisposition('a "quoted"; name.pdf')).toBe('attachment; filename="a _quoted__ name.pdf"');
  });

  it('adds the UTF-8 name (RFC 5987) for a name with other characters, every byte of it safe in a header', () => {
    expect(attachmentDisposition('Torthaí Ní Bhriain.pdf')).toBe(
      `attachment; filename="Torthai Ni Bhriain.pdf"; filename*=UTF-8''Tortha%C3%AD%20N%C3%AD%20Bhriain.pdf`,
    );
    expect(attachmentDisposition("it's (final)*.pdf — ok")).toBe(
      `attachment; filename="it's (final)*.pdf _ ok"; filename*=UTF-8''it%27s%20%28final%29%2a.pdf%20%E2%80%94%20ok`,
    );
    expect(attachmentDisposition('日本.pdf')).toMatch(/^[\x20-\x7e]+$/);
  });
});
