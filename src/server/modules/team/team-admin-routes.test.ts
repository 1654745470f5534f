import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, teamMembers } from '../../db/schema';
import { injectMultipart, type MultipartValue, testFile } from '../../test/multipart';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';

let t: AdminTestApp;
let auth: AdminTestApp['auth'];

beforeAll(async () => {
  t = await createAdminTestApp();
  auth = t.auth;
});
afterAll(() => t.close());

const photo = (name = 'photo.jpg', fileName = name) => ({ fileName, bytes: testFile(name) });
const valid = {
  full_name: 'Dr Aoife Byrne',
  user_type: 'Consultant Allergist',
  description: 'Line one\nLine two',
  order: '3',
};

const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, MultipartValue | undefined>) =>
  injectMultipart(t.app, method, url, fields, auth);

const create = (fields: Record<string, MultipartValue | undefined>) =>
  send('POST', '/api/admin/team_members', fields);

async function createMember(fields: Record<string, MultipartValue | undefined> = {}) {
  const response = await create({ ...valid, ...fields });
  expect(response.statusCode).toBe(201);
  return response.json().team_member as {
    id: number;
    logo_url: string | null;
    logo: { url: string; name: string } | null;
  };
}

/** The stored file and its variants, by the original's id. */
async function storedFileCount(id: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: files.id })
    .from(files)
    .where(or(eq(files.id, id), eq(files.variantOf, id)));
  return rows.length;
}

async function auditRows(entityId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'team_member'), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);
}

const fileIdOf = (url: string) => url.replace('/uploads/', '');

describe('POST /api/admin/team_members', () => {
  it('creates a member with a photo, answers 201 with logo_url and the stored name, and audits it', async () => {
    const response = await create({ ...valid, logo: photo() });
    expect(response.statusCode).toBe(201);
    const member = response.json().team_member;
    expect(member).toEqual({
      id: expect.any(Number),
      full_name: 'Dr Aoife Byrne',
      user_type: 'Consultant Allergist',
      description: 'Line one\nLine two',
      order: 3,
      logo_url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}$/),
      logo: { url: member.logo_url, name: 'photo.jpg' },
      medical_council_number: null,
      video_link: null,
    });
    expect(await storedFileCount(fileIdOf(member.logo_url))).toBe(3);
    const image = await t.app.inject({ url: `${member.logo_url}/w400` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const publicRead = (await t.app.inject({ url: `/api/team_members/${member.id}` })).json();
    expect(publicRead.team_member.logo_url).toBe(member.logo_url);
    expect(publicRead.team_member).not.toHaveProperty('logo');

    const [audit] = await auditRows(member.id);
    expect(audit).toMatchObject({ action: 'create', entity: 'team_member', adminUserId: expect.any(Number) });
    expect(audit?.details).toEqual({ fields: ['full_name', 'user_type', 'description', 'order', 'logo'] });
  });

  it('creates a member without a photo, from a PNG, from JSON and from team_member[…] fields', async () => {
    expect((await createMember()).logo).toBeNull();
    expect((await createMember({ logo: photo('photo.png') })).logo?.name).toBe('photo.png');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/team_members',
      headers: auth,
      payload: { ...valid, order: 4 },
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().team_member.order).toBe(4);
    const wrapped = await create({
      'team_member[full_name]': 'Wrapped',
      'team_member[user_type]': 'Nurse',
      'team_member[description]': 'D',
      'team_member[order]': '0',
      'team_member[logo]': photo(),
    });
    expect(wrapped.statusCode).toBe(201);
    expect(wrapped.json().team_member).toMatchObject({
      full_name: 'Wrapped',
      order: 0,
      logo: { name: 'photo.jpg' },
    });
  });

  it('trims the text fields', async () => {
    const member = await createMember({ full_name: '  Trimmed Name  ', user_type: ' Nurse ' });
    expect(member).toMatchObject({ full_name: 'Trimmed Name', user_type: 'Nurse' });
  });

  it('answers 422 with every required message when the form is empty', async () => {
    const response = await create({ full_name: ' ', user_type: '', description: '', order: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: 'Full name is required',
      errors: {
        full_name: ['Full name is required'],
        user_type: ['User type is required'],
        description: ['Description is required'],
        order: ['Order is required'],
      },
    });
    const missing = await create({});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'description',
      'full_name',
      'order',
      'user_type',
    ]);
  });

  it.each([
    ['full_name', 'Full name is required'],
    ['user_type', 'User type is required'],
    ['description', 'Description is required'],
    ['order', 'Order is required'],
  ])('answers 422 when %s is missing', async (field, message) => {
    const response = await create({ ...valid, [field]: undefined });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: message,
      errors: { [field]: [message] },
    });
  });

  it.each(['-1', '1.5', 'abc', '10000', '1e3', '0x10'])('answers 422 for order %s', async (order) => {
    const response = await create({ ...valid, order });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ order: ['Order must be a whole number from 0 to 9999.'] });
  });

  it.each([
    ['full_name', 101],
    ['user_type', 101],
    ['description', 5001],
  ])('answers 422 when %s is longer than %i characters', async (field, length) => {
    const response = await create({ ...valid, [field]: 'x'.repeat(length) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: ['Text is too long.'] });
  });

  it.each([
    ['full_name', '\u2028'],
    ['full_name', '\u2029'],
    ['user_type', '\u2028'],
    ['user_type', '\u2029'],
    ['full_name', '\u3164'],
    ['full_name', '\u2800'],
    ['full_name', '\ufe0f'],
    ['user_type', '\u034f'],
    ['user_type', '\u180b'],
  ])('answers 422 naming %s when it holds %j inside, and stores nothing', async (field, separator) => {
    const before = (await t.database.db.select({ id: teamMembers.id }).from(teamMembers)).length;
    const response = await create({ ...valid, [field]: `Dr Aoife${separator}Byrne` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: 'This field contains characters that are not allowed.',
      errors: { [field]: ['This field contains characters that are not allowed.'] },
    });
    expect((await t.database.db.select({ id: teamMembers.id }).from(teamMembers)).length).toBe(before);
  });

  it('keeps accents, apostrophes and hyphens in a name and a role', async () => {
    const fields = {
      full_name: "Dr Síle Ó Súilleabháin-D'Arcy",
      user_type: 'Clinical Nurse Specialist – Paediatrics',
    };
    expect(await createMember(fields)).toMatchObject(fields);
  });

  it('keeps line breaks in the description, which is not one line', async () => {
    const member = await createMember({ description: 'First\u2028second\u2029third' });
    expect(member).toMatchObject({ full_name: valid.full_name });
  });

  it('answers 422 for an unknown field or file field', async () => {
    const field = await create({ ...valid, photo_url: 'x' });
    expect(field.statusCode).toBe(422);
    expect(field.json().errors).toEqual({ photo_url: ['Unknown field.'] });
    const file = await create({ ...valid, photo: photo() });
    expect(file.statusCode).toBe(422);
    expect(file.json().errors).toEqual({ photo: ['Unknown field.'] });
  });

  it.each([
    ['photo.webp', 'photo.webp', 415],
    ['script-named.png', 'script-named.png', 415],
    ['letter.pdf', 'letter.pdf', 415],
    ['photo.jpg', 'photo.gif', 415],
    ['truncated.png', 'truncated.png', 422],
    ['empty.pdf', 'empty.png', 422],
  ])('refuses the photo %s named %s with %i and stores nothing', async (name, fileName, status) => {
    const before = (await t.database.db.select({ id: teamMembers.id }).from(teamMembers)).length;
    const response = await create({ ...valid, logo: photo(name, fileName) });
    expect(response.statusCode).toBe(status);
    expect(response.json().errors.logo).toHaveLength(1);
    expect((await t.database.db.select({ id: teamMembers.id }).from(teamMembers)).length).toBe(before);
  });

  it('answers 413 for a photo over 10 MB', async () => {
    const response = await create({
      ...valid,
      logo: { fileName: 'big.jpg', bytes: Buffer.alloc(10 * 1024 * 1024 + 1) },
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('GET /api/admin/team_members', () => {
  it('lists by order then id, pages, counts and searches the full name', async () => {
    const marker = `Zed${Date.now()}`;
    await createMember({ full_name: `${marker} Late`, order: '20' });
    await createMember({ full_name: `${marker} Early`, order: '10' });
    await createMember({ full_name: `${marker} Also early`, order: '10' });
    const response = await t.app.inject({
      url: `/api/admin/team_members?search=${marker.toLowerCase()}&per_page=2`,
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.team_members.map((m: { full_name: string }) => m.full_name)).toEqual([
      `${marker} Early`,
      `${marker} Also early`,
    ]);
    expect(body).toMatchObject({ pages: 2, count: 3 });
    const second = (
      await t.app.inject({ url: `/api/admin/team_members?search=${marker}&per_page=2&page=2`, headers: auth })
    ).json();
    expect(second.team_members.map((m: { full_name: string }) => m.full_name)).toEqual([`${marker} Late`]);
  });

  it('reads 10 a page by default and matches % and _ literally', async () => {
    const body = (await t.app.inject({ url: '/api/admin/team_members', headers: auth })).json();
    expect(body.team_members.length).toBeLessThanOrEqual(10);
    expect(body.count).toBeGreaterThan(0);
    const literal = (
      await t.app.inject({ url: '/api/admin/team_members?search=%25_', headers: auth })
    ).json();
    expect(literal).toEqual({ team_members: [], pages: 1, count: 0 });
  });

  it.each([
    'page=0',
    'per_page=101',
    'page=abc',
    'sort=name',
    `search=${'x'.repeat(201)}`,
  ])('answers 422 for %s', async (query) => {
    const response = await t.app.inject({ url: `/api/admin/team_members?${query}`, headers: auth });
    expect(response.statusCode).toBe(422);
    expect(typeof response.json().error_messages).toBe('string');
  });
});

describe('GET /api/admin/team_members/{id}', () => {
  it('answers the member with its photo name', async () => {
    const created = await createMember({
      logo: photo('photo.png', 'a-very-long-photo-file-name-of-the-doctor.png'),
    });
    const response = await t.app.inject({ url: `/api/admin/team_members/${created.id}`, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json().team_member.logo).toEqual({
      url: created.logo_url,
      name: 'a-very-long-photo-file-name-of-the-doctor.png',
    });
  });

  it.each(['999999', 'abc', '0', '-1', '99999999999999'])('answers 404 for %s', async (id) => {
    const response = await t.app.inject({ url: `/api/admin/team_members/${id}`, headers: auth });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'Team member not found' });
  });
});

describe('PUT /api/admin/team_members/{id}', () => {
  it('updates the fields, keeps the photo when none is sent, and audits the changed fields', async () => {
    const created = await createMember({ logo: photo() });
    const response = await send('PUT', `/api/admin/team_members/${created.id}`, {
      ...valid,
      full_name: 'Dr Aoife Byrne-Walsh',
      order: '7',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().team_member).toMatchObject({
      id: created.id,
      full_name: 'Dr Aoife Byrne-Walsh',
      order: 7,
      logo_url: created.logo_url,
      logo: { name: 'photo.jpg' },
    });
    const audits = await auditRows(created.id);
    expect(audits.map((row) => row.action)).toEqual(['create', 'update']);
    expect(audits[1]?.details).toEqual({ fields: ['full_name', 'order'] });
  });

  it('replaces the photo and deletes the old one with its variants', async () => {
    const created = await createMember({ logo: photo() });
    const oldId = fileIdOf(created.logo_url ?? '');
    const response = await send('PUT', `/api/admin/team_members/${created.id}`, {
      ...valid,
      logo: photo('photo.png'),
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json().team_member;
    expect(updated.logo_url).not.toBe(created.logo_url);
    expect(updated.logo.name).toBe('photo.png');
    expect(await storedFileCount(oldId)).toBe(0);
    expect(await storedFileCount(fileIdOf(updated.logo_url))).toBe(3);
    expect((await t.app.inject({ url: created.logo_url ?? '' })).statusCode).toBe(404);
    expect((await auditRows(created.id)).at(-1)?.details).toEqual({ fields: ['logo'] });
  });

  it('removes the photo with remove_logo=true', async () => {
    const created = await createMember({ logo: photo() });
    const response = await send('PUT', `/api/admin/team_members/${created.id}`, {
      ...valid,
      remove_logo: 'true',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().team_member).toMatchObject({ logo_url: null, logo: null });
    expect(await storedFileCount(fileIdOf(created.logo_url ?? ''))).toBe(0);
  });

  it('keeps the stored photo when a replacement is refused', async () => {
    const created = await createMember({ logo: photo() });
    const response = await send('PUT', `/api/admin/team_members/${created.id}`, {
      ...valid,
      logo: photo('script-named.png'),
    });
    expect(response.statusCode).toBe(415);
    const after = (
      await t.app.inject({ url: `/api/admin/team_members/${created.id}`, headers: auth })
    ).json();
    expect(after.team_member.logo_url).toBe(created.logo_url);
    expect(await storedFileCount(fileIdOf(created.logo_url ?? ''))).toBe(3);
  });

  it('answers 422 with the required messages and changes nothing', async () => {
    const created = await createMember();
    const response = await send('PUT', `/api/admin/team_members/${created.id}`, {
      ...valid,
      description: '  ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ description: ['Description is required'] });
    const bad = await send('PUT', `/api/admin/team_members/${created.id}`, { ...valid, remove_logo: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('remove_logo');
    expect((await auditRows(created.id)).map((row) => row.action)).toEqual(['create']);
  });

  it.each(['999999', 'abc'])('answers 404 for %s', async (id) => {
    const response = await send('PUT', `/api/admin/team_members/${id}`, valid);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'Team member not found' });
  });
});

describe('DELETE /api/admin/team_members/{id}', () => {
  it('deletes the member and its photo, audits it, and answers 404 afterwards', async () => {
    const created = await createMember({ logo: photo() });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/team_members/${created.id}`,
      headers: auth,
    });
    expect(response.statusCode).toBe(204);
    expect(await storedFileCount(fileIdOf(created.logo_url ?? ''))).toBe(0);
    expect((await t.app.inject({ url: `/api/team_members/${created.id}` })).statusCode).toBe(404);
    const audits = await auditRows(created.id);
    expect(audits.map((row) => row.action)).toEqual(['create', 'delete']);
    expect(audits[1]?.details).toEqual({ full_name: valid.full_name });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/team_members/${created.id}`,
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for a non-numeric id', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/team_members/abc',
      headers: auth,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the Medical Council registration number', () => {
  it('is kept as 1 to 6 digits, cleared when empty, kept when left out, and refused otherwise', async () => {
    const member = (await createMember({ medical_council_number: ' 012345 ' })) as { id: number };
    const read = async () =>
      (await t.app.inject({ url: `/api/admin/team_members/${member.id}`, headers: t.auth })).json()
        .team_member;
    expect((await read()).medical_council_number).toBe('012345');
    const url = `/api/admin/team_members/${member.id}`;
    expect((await send('PUT', url, valid)).statusCode).toBe(200);
    expect((await read()).medical_council_number).toBe('012345');
    expect((await send('PUT', url, { ...valid, medical_council_number: '' })).statusCode).toBe(200);
    expect((await read()).medical_council_number).toBeNull();
    for (const bad of ['1234567', '12a45', 'MCRN 123']) {
      const response = await create({ ...valid, medical_council_number: bad });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.medical_council_number).toEqual([
        'Medical Council number must be 1 to 6 digits.',
      ]);
    }
  });
});
