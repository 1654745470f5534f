import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, foldMarks, matchesSearch, phoneDigits, searchNeedle } from './search-text';

describe('staff search as said on the phone', () => {
  it('folds each marked letter to one plain one, as SQL translate needs', () => {
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length);
    expect(new Set(FOLD_FROM).size).toBe([...FOLD_FROM].length);
    expect(foldMarks('Aoife Ní Bhriain, Siobhán Ó Dálaigh, Łucja Wójcik, O’Brien')).toBe(
      "Aoife Ni Bhriain, Siobhan O Dalaigh, Lucja Wojcik, O'Brien",
    );
    // Every letter the table folds, folded by Unicode too, lands on the same plain letter.
    for (const [index, char] of [...FOLD_FROM].entries()) {
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
      if (/^[a-z]$/i.test(plain)) expect(FOLD_TO[index], char).toBe(plain);
    }
  });

  it('compares a phone number by its digits, an Irish one in its national form', () => {
    expect(phoneDigits('+353 87 555 0101')).toBe('0875550101');
    expect(phoneDigits('00353 (87) 555-0101')).toBe('0875550101');
    expect(phoneDigits('087 555 0101')).toBe('0875550101');
    // Too short for a number after +353: the digits as typed.
    expect(phoneDigits('353')).toBe('353');
    expect(phoneDigits('+44 20 7946 0000')).toBe('442079460000');
  });

  it('searches digits when typed as a phone number is, the folded text otherwise', () => {
    expect(searchNeedle(' +353 87 555 0101 ')).toBe('0875550101');
    expect(searchNeedle('555-01')).toBe('55501');
    expect(searchNeedle('12')).toBe('12');
    expect(searchNeedle('Ní Bhriain')).toBe('Ni Bhriain');
    expect(searchNeedle('flat 2, 12 main st')).toBe('flat 2, 12 main st');
  });

  it('matches in the browser as the server does', () => {
    expect(matchesSearch('aoife ni bhriain', ['Aoife Ní Bhriain'])).toBe(true);
    expect(matchesSearch('0875550101', ['Aoife'], '+353 87 555 0101')).toBe(true);
    expect(matchesSearch('0875550101', ['Aoife'], null)).toBe(false);
    expect(matchesSearch('', ['anyone'])).toBe(true);
    expect(matchesSearch('bhriain', ['Aoife Byrne'])).toBe(false);
  });
});
