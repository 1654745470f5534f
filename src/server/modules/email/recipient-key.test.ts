import { describe, expect, it } from 'vitest';
import { recipientKey } from './recipient-key';

describe('recipientKey: one mailbox, one key', () => {
  it('lower-cases the whole address and trims it', () => {
    expect(recipientKey('  Aoife.Byrne@Example.IE ')).toBe('aoife.byrne@example.ie');
  });

  it('drops the +tag of the local part, on any domain', () => {
    expect(recipientKey('victim+1@example.ie')).toBe('victim@example.ie');
    expect(recipientKey('victim+a+b@example.ie')).toBe('victim@example.ie');
    expect(recipientKey('victim+@example.ie')).toBe('victim@example.ie');
  });

  it('drops the dots of the local part for Gmail only, googlemail.com counted as gmail.com', () => {
    expect(recipientKey('Victim+1@Gmail.com')).toBe('victim@gmail.com');
    expect(recipientKey('v.ictim@gmail.com')).toBe('victim@gmail.com');
    expect(recipientKey('vic.tim+x@GoogleMail.com')).toBe('victim@gmail.com');
    expect(recipientKey('vic.tim@example.ie'), 'elsewhere a dot may be another person').toBe(
      'vic.tim@example.ie',
    );
    expect(recipientKey('vic.tim@mail.gmail.com')).toBe('vic.tim@mail.gmail.com');
  });

  it('leaves a Unicode or punycode domain as it is, but for case', () => {
    expect(recipientKey('Seán.Ó@Bücher.de')).toBe('seán.ó@bücher.de');
    expect(recipientKey('a.b+c@xn--bcher-kva.de')).toBe('a.b@xn--bcher-kva.de');
  });

  it('keeps text that is not local@domain as it is, trimmed and lower-cased', () => {
    expect(recipientKey('')).toBe('');
    expect(recipientKey('No-At-Sign')).toBe('no-at-sign');
    expect(recipientKey('@gmail.com')).toBe('@gmail.com');
    expect(recipientKey('victim@')).toBe('victim@');
    expect(recipientKey('+tag@example.ie'), 'a local part that is all tag is kept').toBe('+tag@example.ie');
    expect(recipientKey('...@gmail.com'), 'a local part of dots alone is kept').toBe('...@gmail.com');
  });

  it('reads the last @ as the domain separator', () => {
    expect(recipientKey('"a@b"+x@Gmail.com')).toBe('"a@b"@gmail.com');
  });
});
