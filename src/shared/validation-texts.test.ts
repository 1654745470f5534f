import { describe, expect, it } from 'vitest';
import { bookingFormIssues } from './booking';
import { contactRequestSchema } from './contact';
import { referralFormIssues } from './referrals';
import { hasHiddenCharacter, texts } from './validation-texts';

describe('a name holds one line of visible characters, in every form', () => {
  const booking = (name: string) =>
    Object.fromEntries(
      bookingFormIssues({
        first_name: name,
        last_name: 'Byrne',
        email: 'aoife@example.ie',
        phone: '087 123 4567',
        is_adult: false,
        is_video_call: true,
        guardian_first_name: name,
        guardian_last_name: 'Byrne',
        antihistamine: false,
        agreement: false,
      }),
    );
  const referral = (name: string) =>
    Object.fromEntries(
      referralFormIssues(
        {
          has_referral_letter: true,
          full_name: name,
          email: 'aoife@example.ie',
          phone: '087 123 4567',
          dob: '1990-01-31',
          signature: name,
        },
        true,
      ),
    ).full_name;
  const contact = (name: string) =>
    contactRequestSchema
      .safeParse({ name, email: 'aoife@example.ie', message: 'A question about the clinic.' })
      .error?.issues.find((issue) => issue.path[0] === 'name')?.message;

  it.each([
    'Al\rice',
    'Al\nice',
    'Al\tice',
    '\u200b\u200b',
    '\u200d\u200d',
    'Aoife\u200d',
    'Ao\ufeffife',
    'Ao\u00adife',
    'Al\u2028ice',
    'Al\u2029ice',
    'Al\ud800ice',
    'Alice\udfff',
    // Invisible letters and marks that are not format characters: a blank-looking name would pass.
    '\u3164\u3164',
    '\uffa0\uffa0',
    '\u115f\u1160',
    '\u2800\u2800',
    'Aoife\u2800',
    'Ao\u034fife',
    'Ao\u180bife',
    '\ufe0f\ufe0f',
    'Aoife\ufe0f',
    '\u0301\u0301',
    '\u0301Aoife',
    ' \u0301Aoife',
    'Aoife\u{e0041}',
    'Ao\u2060ife',
  ])('refuses %j', (name) => {
    expect(hasHiddenCharacter(name)).toBe(true);
    expect(booking(name).first_name).toBe(texts.notAllowedCharacters);
    expect(booking(name).guardian_first_name).toBe(texts.notAllowedCharacters);
    expect(referral(name)).toBe(texts.notAllowedCharacters);
    expect(contact(name)).toBe(texts.notAllowedCharacters);
  });

  it('counts an emoji as one character, as a person does', () => {
    expect(booking('😀'.repeat(35)).first_name).toBeUndefined();
    expect(booking('😀'.repeat(36)).first_name).toBe(texts.tooLong);
    expect(booking('😀').first_name).toBe(texts.tooShort);
  });

  it.each([
    'Aoife',
    'Seán',
    "O'Brien",
    'Mary-Jane',
    'Zoë Ní Bhriain',
    '李小龙',
    'Aoife 👩\u200d⚕️',
    'Aoife ❤️\u200d🔥',
    '1️⃣ Aoife',
    'Ó Súilleabháin',
    'Seán Ó Dónaill',
    'Ní Bhriain-Ó Dónaill',
    "D'Arcy Ó Briain",
    'Chloé Müller',
    'José Łukasz',
    // An accent typed as a letter and a combining mark.
    'Se\u0301an',
    '김민준',
    'نیک\u200cنام',
    // A character outside the BMP is a whole surrogate pair.
    'Aoife 𝒜',
    // The UK Government Data Standards' lengths: 35 a name part, 70 a full name (DESIGN.md section 3).
    'Mary Elizabeth Fitzgerald-Byrne',
    'Wolfeschlegelsteinhausenbergerdorff',
  ])('accepts %j', (name) => {
    expect(hasHiddenCharacter(name)).toBe(false);
    expect(booking(name).first_name).toBeUndefined();
    expect(referral(name)).toBeUndefined();
    expect(contact(name)).toBeUndefined();
  });
  describe('names that real people have (35 a name part, 70 a full name)', () => {
    const part = 'Ó'.repeat(35);
    const full = `${'M'.repeat(34)} ${'B'.repeat(35)}`;

    it('takes a first name and a surname of 35 and a full name of 70, in every form', () => {
      expect(booking(part).first_name).toBeUndefined();
      expect(booking(part).guardian_first_name).toBeUndefined();
      expect(referral(full)).toBeUndefined();
      expect(contact(full)).toBeUndefined();
    });

    it("refuses one more with 'Text is too long.' and one letter with 'Text is too short.'", () => {
      expect(booking(`${part}x`).first_name).toBe(texts.tooLong);
      expect(booking(`${part}x`).guardian_first_name).toBe(texts.tooLong);
      expect(referral(`${full}x`)).toBe(texts.tooLong);
      expect(contact(`${full}x`)).toBe(texts.tooLong);
      expect(booking('A').first_name).toBe(texts.tooShort);
      expect(referral('A')).toBe(texts.tooShort);
      expect(contact('A')).toBe(texts.tooShort);
    });
  });
});
