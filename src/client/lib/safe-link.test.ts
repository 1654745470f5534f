import { describe, expect, it } from 'vitest';
import { isSafeLinkHref, safeLinkHref } from './safe-link';

describe('safeLinkHref', () => {
  it('keeps web and e-mail links', () => {
    expect(safeLinkHref(' https://example.ie/fees?x=1#y ')).toBe('https://example.ie/fees?x=1#y');
    expect(safeLinkHref('http://example.ie')).toBe('http://example.ie');
    expect(safeLinkHref('mailto:info@example.ie')).toBe('mailto:info@example.ie');
  });

  it("keeps links to the site's own pages", () => {
    expect(safeLinkHref('/fees')).toBe('/fees');
    expect(safeLinkHref(' /contact_us#map ')).toBe('/contact_us#map');
  });

  it('completes addresses typed without a scheme', () => {
    expect(safeLinkHref('example.ie/fees')).toBe('https://example.ie/fees');
    expect(safeLinkHref('www.hse.ie')).toBe('https://www.hse.ie');
    expect(safeLinkHref('example.ie:8080/x')).toBe('https://example.ie:8080/x');
    expect(safeLinkHref('info@example.ie')).toBe('mailto:info@example.ie');
  });

  it('refuses other schemes, relative paths, blanks and text', () => {
    expect(safeLinkHref('javascript:alert(1)')).toBeNull();
    expect(safeLinkHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeLinkHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeLinkHref('ftp://example.ie')).toBeNull();
    expect(safeLinkHref('//evil.example/x')).toBeNull();
    expect(safeLinkHref('/\\evil.example')).toBeNull();
    expect(safeLinkHref('fees')).toBeNull();
    expect(safeLinkHref('')).toBeNull();
    expect(safeLinkHref('   ')).toBeNull();
    expect(safeLinkHref('hello world')).toBeNull();
    expect(safeLinkHref('hello')).toBeNull();
    expect(safeLinkHref('https://')).toBeNull();
    expect(safeLinkHref('mailto:')).toBeNull();
  });
});

describe('isSafeLinkHref', () => {
  it("allows http, https, mailto and the site's own pages only", () => {
    expect(isSafeLinkHref('https://example.ie')).toBe(true);
    expect(isSafeLinkHref('mailto:a@b.ie')).toBe(true);
    expect(isSafeLinkHref('javascript:alert(1)')).toBe(false);
    expect(isSafeLinkHref('/relative')).toBe(true);
    expect(isSafeLinkHref('//evil.example')).toBe(false);
    expect(isSafeLinkHref('relative')).toBe(false);
    expect(isSafeLinkHref(undefined)).toBe(false);
  });
});
