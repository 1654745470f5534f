import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordTexts } from './password-rules';

const aoife = { email: 'aoife.byrne@dublinallergyclinic.ie' };
const problem = (password: string, context = aoife) => passwordProblem(password, context);

describe('passwordProblem', () => {
  it.each([
    'Correct-pw1',
    'Secret-123',
    'tr0mb-Kiwi',
    'correct horse battery staple',
    'four quiet rivers meet',
    `Ab-${'1'.repeat(61)}`,
    'abcd-Kiwi-1234',
    'Pollen season in Dublin',
    'my allergy list is long',
    'Jo-and-the-clinic-cat',
  ])('accepts %j', async (password) => {
    expect(await problem(password)).toBeUndefined();
  });

  it.each([
    'password',
    'Password1',
    'football1',
    'QWERTYUIOP',
    'iloveyou',
    'sunshine1',
  ])('refuses the common password %j', async (password) => {
    expect(await problem(password)).toBe(passwordTexts.common);
  });

  it.each([
    'aaaaaaaa',
    '!!!!!!!!!!!!',
    'ZZZZZZZZZ',
  ])('refuses one character repeated: %j', async (password) => {
    expect(await problem(password)).toBe(passwordTexts.oneCharacter);
  });

  it.each([
    'abcdefgh',
    'ABCDEFGHIJ',
    'zyxwvutsrq',
    'mnopqrstuv',
    '12341234',
    'abababab',
    'AbAbAbAbAb',
    'abcabcab',
    'Kiwi-Kiwi-Kiwi-',
    '11111112',
    '21111111',
    '1a111111',
    'aaaabbbb',
    'abcd1234',
    '98765432',
    'xyzxyzxyzxyz',
  ])('refuses the run or repeat %j', async (password) => {
    expect(await problem(password)).toBe(passwordTexts.pattern);
  });

  it.each([
    ['aoife.byrne@dublinallergyclinic.ie!', aoife],
    ['Aoife.Byrne-2024', aoife],
    ['aoifebyrne rules', aoife],
    ['The AOIFE BYRNE one', aoife],
    ['Start-pw-12', { email: 'start@clinic.test' }],
    ['Two-step-12', { email: 'two-step@clinic.test' }],
  ])('refuses %j, which holds the e-mail address or its part before the @', async (password, context) => {
    expect(await problem(password, context)).toBe(passwordTexts.email);
  });

  it('looks for a part before the @ inside other words only from three letters on', async () => {
    expect(await problem('Jo-and-the-clinic-cat', { email: 'jo@example.ie' })).toBeUndefined();
    expect(await problem('bannerhorse-7', { email: 'ann@example.ie' })).toBe(passwordTexts.email);
  });

  it.each([
    'dublinallergyclinic',
    'DublinAllergyClinic1!',
    'allergyclinic-2024',
    'Dublin Allergy 2024!',
    'my-Allergy-Clinic-pw',
  ])("refuses %j, which holds the clinic's name", async (password) => {
    expect(await problem(password, { email: 'someone@example.ie' })).toBe(passwordTexts.clinic);
  });

  it.each([
    ['Ab-1234', 'The password must have at least 8 characters.'],
    [`Ab-${'1'.repeat(62)}`, 'The password must have at most 64 characters.'],
  ])('refuses %j by its length', async (password, message) => {
    expect(await problem(password)).toBe(message);
  });
});
