import { describe, expect, it } from 'vitest';
import { isBlankHtml } from './blank-html';

describe('isBlankHtml', () => {
  it('is true for nothing, empty paragraphs, white space and line breaks', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml(null)).toBe(true);
    expect(isBlankHtml(undefined)).toBe(true);
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p> </p>\n<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp;&#160;\u00a0</p><ul><li><p></p></li></ul>')).toBe(true);
    expect(isBlankHtml('<h2><strong></strong></h2><!-- a comment -->')).toBe(true);
  });

  it('is false when there is text', () => {
    expect(isBlankHtml('<p>Hello</p>')).toBe(false);
    expect(isBlankHtml('plain text')).toBe(false);
    expect(isBlankHtml('<p>&amp;</p>')).toBe(false);
    expect(isBlankHtml('<p><a href="https://example.ie">x</a></p>')).toBe(false);
  });

  it('is false when there is an image, even without text', () => {
    expect(isBlankHtml('<p><img src="/uploads/a.png" alt=""></p>')).toBe(false);
    expect(isBlankHtml('<IMG SRC="x.png">')).toBe(false);
  });

  it.each(['<!-- only a comment -->', '<p>\u200b</p>', '<p>&nbsp; <br></p>'])('%j is blank too', (html) => {
    expect(isBlankHtml(html)).toBe(true);
  });
});
