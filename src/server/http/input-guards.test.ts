import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectMultipart, testFile } from '../test/multipart';
import { type AdminTestApp, createAdminTestApp } from '../test/test-app';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacter } from './input-guards';

/** The "Trojan Source" set (embeddings, overrides, isolates) and the three bidirectional marks. */
const BIDI_CONTROLS = [
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e],
  ...[0x2066, 0x2067, 0x2068, 0x2069],
  ...[0x200e, 0x200f, 0x061c],
].map((code) => String.fromCharCode(code));

describe('hasForbiddenCharacter', () => {
  it.each(
    BIDI_CONTROLS.map((character) => [character.charCodeAt(0).toString(16), character]),
  )('refuses the bidirectional control U+%s anywhere in a text', (_code, character) => {
    expect(hasForbiddenCharacter(character)).toBe(true);
    expect(hasForbiddenCharacter(`Mary${character}yrraM`)).toBe(true);
    expect(hasForbiddenCharacter(`${character}Mary`)).toBe(true);
    expect(hasForbiddenCharacter(`Mary${character}`)).toBe(true);
  });

  it('still refuses NUL, the other C0 controls and DEL, and the C1 controls (a terminal escape among them)', () => {
    for (const character of [
      '\u0000',
      '\u0001',
      '\u001b',
      '\u001f',
      '\u007f',
      '\u0080',
      '\u0085',
      '\u009b',
      '\u009f',
    ])
      expect(hasForbiddenCharacter(`a${character}b`)).toBe(true);
  });

  it('refuses half of a surrogate pair (stored, it would silently become U+FFFD), and takes a whole pair', () => {
    for (const text of ['\ud800', 'a\ud800b', 'a\udc00b', 'end\udbff', '\udc00\ud800'])
      expect(hasForbiddenCharacter(text), JSON.stringify(text)).toBe(true);
    expect(hasForbiddenCharacter('\ud835\udc9c and \ud83d\ude00')).toBe(false);
  });

  it('lets through what people type: tab, line breaks, accents, Irish, right-to-left scripts, emoji', () => {
    for (const text of [
      'One\tTwo\r\nThree\nFour',
      'Siobhán Ó Súilleabháin',
      'Crème brûlée €85.50',
      'שלום עליכם',
      'مرحبا',
      '😀 👍🏽',
      // Neighbours of the refused code points.
      '\u061b\u061d\u200d\u2029\u202f\u2065\u206a\u00a0\ud7ff\ue000',
      // Line and paragraph separators, which pasted text can hold (one-line fields refuse them).
      'One\u2028Two\u2029Three',
    ])
      expect(hasForbiddenCharacter(text)).toBe(false);
  });
});

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const RLO = '\u202e';
const refusedField = (field: string) => ({
  code: 'invalid_characters',
  error_messages: FORBIDDEN_CHARACTERS_MESSAGE,
  errors: { [field]: [FORBIDDEN_CHARACTERS_MESSAGE] },
});

describe('a right-to-left override (U+202E) in any text field answers 422 on its field', () => {
  it('in a JSON body (the contact form)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact_us',
      payload: { name: `Mary${RLO}yrruM`, email: 'mary@example.com', message: 'A question about tests.' },
      remoteAddress: '10.9.0.1',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusedField('name'));
  });

  it('in a multipart text field (a team member)', async () => {
    const response = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/team_members',
      { full_name: `Dr ${RLO}yhprum`, user_type: 'Allergist', description: 'Text.', order: '1' },
      t.auth,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusedField('full_name'));
  });

  it('in a query string, public and admin', async () => {
    for (const url of [
      `/api/blogs?search=${encodeURIComponent(`pollen${RLO}`)}`,
      `/api/admin/team_members?search=${encodeURIComponent(`${RLO}mary`)}`,
    ]) {
      const response = await t.app.inject({ url, headers: t.auth });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(refusedField('search'));
    }
  });

  it("in a file's name (a team member's photo)", async () => {
    const response = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/team_members',
      {
        full_name: 'Dr Mary Murphy',
        user_type: 'Allergist',
        description: 'Text.',
        order: '1',
        logo: { fileName: `photo${RLO}gpj.exe`, bytes: testFile('photo.jpg') },
      },
      t.auth,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refusedField('logo'));
  });

  it('in a path id (404 from the guard, before the article is looked for)', async () => {
    const response = await t.app.inject({ url: `/api/blogs/${encodeURIComponent(`a${RLO}b`)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'Not found' });
    const plain = await t.app.inject({ url: '/api/blogs/ab' });
    expect(plain.json()).toEqual({ code: 'not_found', error_messages: 'Article not found' });
  });

  it('while the same fields without it are taken', async () => {
    const response = await injectMultipart(
      t.app,
      'POST',
      '/api/admin/team_members',
      { full_name: 'Dr Siobhán Murphy', user_type: 'Allergist', description: 'Text.', order: '1' },
      t.auth,
    );
    expect(response.statusCode).toBe(201);
  });
});

describe('line and paragraph separators and half surrogate pairs', () => {
  const contact = (fields: { name: string; message: string }, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact_us',
      payload: { email: 'mary@example.com', ...fields },
      remoteAddress: address,
    });

  it('refuses U+2028 and U+2029 in a name, as any invisible character in one, and keeps them in a message', async () => {
    for (const [index, separator] of ['\u2028', '\u2029'].entries()) {
      const refused = await contact(
        { name: `Mary${separator}Ann`, message: 'A question about tests.' },
        `10.9.1.${index + 1}`,
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        code: 'invalid_input',
        error_messages: FORBIDDEN_CHARACTERS_MESSAGE,
        errors: { name: [FORBIDDEN_CHARACTERS_MESSAGE] },
      });
      const zeroWidth = await contact(
        { name: 'Mary\u200bAnn', message: 'A question about tests.' },
        `10.9.1.${index + 1}`,
      );
      expect(zeroWidth.json().code).toBe(refused.json().code);
      const taken = await contact(
        { name: 'Mary Ann', message: `A question${separator}about tests.` },
        `10.9.1.${index + 1}`,
      );
      expect(taken.statusCode).toBe(201);
    }
  });

  it('refuses half of a surrogate pair in a name or a message, which would be stored as U+FFFD', async () => {
    const inName = await contact({ name: 'Mary\ud800Ann', message: 'A question about tests.' }, '10.9.1.10');
    expect(inName.statusCode).toBe(422);
    expect(inName.json()).toEqual(refusedField('name'));
    const inMessage = await contact({ name: 'Mary Ann', message: 'A question\udc00.' }, '10.9.1.10');
    expect(inMessage.statusCode).toBe(422);
    expect(inMessage.json()).toEqual(refusedField('message'));
  });
});
