import { describe, expect, it } from 'vitest';
import { suggestEmail } from './email-typo';

describe('the e-mail typo check', () => {
  it.each([
    ['mary@gmial.com', 'mary@gmail.com'],
    ['mary@gmail.con', 'mary@gmail.com'],
    ['Mary.Byrne@hotmial.com', 'Mary.Byrne@hotmail.com'],
    ['aoife@eircom.nte', 'aoife@eircom.net'],
    ['aoife@outlok.ie', 'aoife@outlook.ie'],
    ['aoife@yahoo.ei', 'aoife@yahoo.ie'],
    [' sean@iclod.com ', 'sean@icloud.com'],
  ])('suggests %j → %j, keeping what was typed before the @', (typed, meant) => {
    expect(suggestEmail(typed)).toBe(meant);
  });

  it.each([
    'mary@gmail.com',
    'MARY@GMAIL.COM',
    'aoife@eircom.net',
    'aoife@hse.ie',
    'aoife@tcd.ie',
    'aoife@ucd.ie',
    'aoife@dublinallergyclinic.ie',
    'aoife@example.ie',
    'not an address',
    'aoife@',
    '@gmail.com',
    '',
  ])('suggests nothing for %j', (typed) => {
    expect(suggestEmail(typed)).toBeUndefined();
  });
});
