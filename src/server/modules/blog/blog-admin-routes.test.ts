import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditAction, auditLog, blogArticles, files } from '../../db/schema';
import { injectMultipart, type MultipartValue, multipartPayload, testFile } from '../../test/multipart';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';

let t: AdminTestApp;
let auth: AdminTestApp['auth'];

beforeAll(async () => {
  t = await createAdminTestApp();
  auth = t.auth;
});
afterAll(() => t.close());

const file = (name: string, fileName = name) => ({ fileName, bytes: testFile(name) });
const DAY = 24 * 60 * 60 * 1000;

type Method = 'POST' | 'PUT';

const send = (method: Method, url: string, fields: Record<string, MultipartValue | undefined>) =>
  injectMultipart(t.app, method, url, fields, auth);

let titleCounter = 0;
/** A unique title, so tests do not meet each other's articles. */
const uniqueTitle = (prefix = 'Article') => `${prefix} ${++titleCounter} ${Date.now()}`;

async function createArticle(fields: Record<string, MultipartValue | undefined> = {}) {
  const response = await send('POST', '/api/admin/blogs', {
    'blog[title]': uniqueTitle(),
    'blog[content]': '<p>Pollen counts rise in May.</p>',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().blog;
}

const getAdmin = (url: string) => t.app.inject({ url, headers: auth });

async function fileIdsExist(ids: string[]): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: files.id })
    .from(files)
    .where(or(inArray(files.id, ids), inArray(files.variantOf, ids)));
  return rows.map((row) => row.id);
}

async function countRows() {
  const db = t.database.db;
  const [articles] = await db.select({ value: count() }).from(blogArticles);
  const [stored] = await db.select({ value: count() }).from(files);
  return { articles: articles?.value, files: stored?.value };
}

async function auditRows(action: AuditAction, id: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'blog'), eq(auditLog.action, action), eq(auditLog.entityId, String(id))));
}

const idOf = (url: string) => url.replace('/uploads/', '');

describe('without a token', () => {
  it('creates nothing without a token', async () => {
    const before = await countRows();
    const { payload, headers } = await multipartPayload({ 'blog[title]': 'x', 'blog[content]': '<p>x</p>' });
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/blogs', payload, headers });
    expect(response.statusCode).toBe(401);
    expect(await countRows()).toEqual(before);
  });
});

describe('POST /api/admin/blogs', () => {
  it('creates an article with a cover image and a PDF, and audits it', async () => {
    const title = uniqueTitle('Hay fever in Dublin');
    const response = await send('POST', '/api/admin/blogs', {
      'blog[title]': `  ${title}  `,
      'blog[content]': '<h2>Symptoms</h2><p>Sneezing &amp; itchy eyes.</p>',
      'blog[video_url]': 'https://www.youtube.com/watch?v=abcdef123',
      'blog[icon]': file('photo.jpg', 'Grass pollen under a microscope in May.jpg'),
      'blog[icon_alt]': '  Grass pollen grains under a microscope.  ',
      'blog[attachment]': file('letter.pdf', 'Pollen calendar.pdf'),
    });
    expect(response.statusCode).toBe(201);
    const { blog } = response.json();
    expect(blog).toEqual({
      id: expect.any(Number),
      title,
      slug: expect.stringMatching(/^hay-fever-in-dublin-\d+-\d+$/),
      content: '<h2>Symptoms</h2><p>Sneezing &amp; itchy eyes.</p>',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      video_url: 'https://www.youtube.com/watch?v=abcdef123',
      icon: {
        url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}$/),
        name: 'Grass pollen under a microscope in May.jpg',
      },
      icon_alt: 'Grass pollen grains under a microscope.',
      attachment: { url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}$/), name: 'Pollen calendar.pdf' },
    });
    expect(Math.abs(Date.parse(blog.published_at) - Date.now())).toBeLessThan(60_000);

    // The cover has WebP variants for srcset, and the public article shows it at once.
    const variant = await t.app.inject({ url: `${blog.icon.url}/w400` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    const pdf = await t.app.inject({ url: blog.attachment.url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const publicArticle = await t.app.inject({ url: `/api/blogs/${blog.slug}` });
    expect(publicArticle.statusCode).toBe(200);
    expect(publicArticle.json().blog.icon).toEqual({
      url: blog.icon.url,
      alt: 'Grass pollen grains under a microscope.',
    });
    const list = await t.app.inject({ url: '/api/blogs?per_page=50' });
    expect(list.json().blogs.find((card: { id: number }) => card.id === blog.id).icon).toEqual({
      url: blog.icon.url,
      alt: 'Grass pollen grains under a microscope.',
    });

    const audit = await auditRows('create', blog.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUserId: expect.any(Number), details: { slug: blog.slug } });
  });

  it('accepts a JSON body without files, and an empty video address as none', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: auth,
      payload: { blog: { title: uniqueTitle(), content: '<p>JSON</p>', video_url: '', published_at: '' } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().blog).toMatchObject({
      video_url: null,
      icon: null,
      icon_alt: '',
      attachment: null,
    });
  });

  it('keeps no cover description without a cover', async () => {
    const blog = await createArticle({ 'blog[icon_alt]': 'A picture that is not there.' });
    expect(blog).toMatchObject({ icon: null, icon_alt: '' });
  });

  it('ignores remove flags on create (the form sends them for an empty file field)', async () => {
    const blog = await createArticle({ 'blog[remove_icon]': 'true', 'blog[remove_attachment]': 'true' });
    expect(blog).toMatchObject({ icon: null, attachment: null });
  });

  it.each([
    ['2026-07-01T09:30', '2026-07-01T08:30:00.000Z'],
    ['2026-01-15T09:30', '2026-01-15T09:30:00.000Z'],
    ['2026-07-01', '2026-06-30T23:00:00.000Z'],
    ['2026-07-01T09:30:00+02:00', '2026-07-01T07:30:00.000Z'],
    ['2026-07-01T09:30:00.000Z', '2026-07-01T09:30:00.000Z'],
  ])('reads the publication date %s in clinic time unless it has an offset', async (given, stored) => {
    const blog = await createArticle({ 'blog[published_at]': given });
    expect(blog.published_at).toBe(stored);
  });

  it.each([
    ['no title', { 'blog[content]': '<p>x</p>' }, 'title', 'Title is required'],
    ['a blank title', { 'blog[title]': '   ', 'blog[content]': '<p>x</p>' }, 'title', 'Title is required'],
    [
      'a long title',
      { 'blog[title]': 'x'.repeat(201), 'blog[content]': '<p>x</p>' },
      'title',
      'Text is too long.',
    ],
    ['no content', { 'blog[title]': 'T' }, 'content', 'Content is required'],
    ['empty content', { 'blog[title]': 'T', 'blog[content]': '' }, 'content', 'Content is required'],
    [
      'blank HTML content',
      { 'blog[title]': 'T', 'blog[content]': '<p></p>' },
      'content',
      'Content is required',
    ],
    [
      'spaces-only HTML content',
      { 'blog[title]': 'T', 'blog[content]': '<p>&nbsp; <br></p><h2> </h2>' },
      'content',
      'Content is required',
    ],
    [
      'a javascript: video address',
      { 'blog[title]': 'T', 'blog[content]': '<p>x</p>', 'blog[video_url]': 'javascript:alert(1)' },
      'video_url',
      'Enter a web address starting with https:// or http://, for example a YouTube link.',
    ],
    [
      'a video address that is not one',
      { 'blog[title]': 'T', 'blog[content]': '<p>x</p>', 'blog[video_url]': 'youtube video' },
      'video_url',
      'Enter a web address starting with https:// or http://, for example a YouTube link.',
    ],
    [
      'an ftp video address',
      { 'blog[title]': 'T', 'blog[content]': '<p>x</p>', 'blog[video_url]': 'ftp://example.com/v.mp4' },
      'video_url',
      'Enter a web address starting with https:// or http://, for example a YouTube link.',
    ],
    [
      'an impossible date',
      { 'blog[title]': 'T', 'blog[content]': '<p>x</p>', 'blog[published_at]': '2026-02-30' },
      'published_at',
      'Enter a valid date and time.',
    ],
    [
      'a date in words',
      { 'blog[title]': 'T', 'blog[content]': '<p>x</p>', 'blog[published_at]': 'tomorrow' },
      'published_at',
      'Enter a valid date and time.',
    ],
    [
      'an unknown field',
      { 'blog[title]': 'T', 'blog[content]': '<p>x</p>', 'blog[slug]': 'mine' },
      'slug',
      'Unknown field.',
    ],
    [
      'an unknown top-level field',
      { 'blog[title]': 'T', 'blog[content]': '<p>x</p>', author: 'me' },
      'author',
      'Unknown field.',
    ],
    [
      'a cover description longer than a sentence',
      { 'blog[title]': 'T', 'blog[content]': '<p>x</p>', 'blog[icon_alt]': 'a'.repeat(251) },
      'icon_alt',
      'Text is too long.',
    ],
    [
      'a bad remove flag',
      { 'blog[title]': 'T', 'blog[content]': '<p>x</p>', 'blog[remove_icon]': 'yes' },
      'remove_icon',
      'Send true or false.',
    ],
    [
      'a file under an unknown field',
      { 'blog[title]': 'T', 'blog[content]': '<p>x</p>', 'blog[photo]': file('photo.jpg') },
      'photo',
      'Unknown field.',
    ],
  ] as const)('answers 422 for %s', async (_name, fields, key, message) => {
    const before = await countRows();
    const response = await send('POST', '/api/admin/blogs', fields);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors[key]).toEqual([message]);
    expect(typeof body.error_messages).toBe('string');
    expect(await countRows()).toEqual(before);
  });

  it('answers both required messages at once', async () => {
    const response = await send('POST', '/api/admin/blogs', {
      'blog[title]': '',
      'blog[content]': '<p></p>',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: 'Title is required',
      errors: { title: ['Title is required'], content: ['Content is required'] },
    });
  });

  it.each([
    [
      'a program named .pdf as the attachment',
      'blog[attachment]',
      file('program-named.pdf'),
      415,
      'attachment',
    ],
    ['HTML named .pdf as the attachment', 'blog[attachment]', file('html-named.pdf'), 415, 'attachment'],
    ['an image as the attachment', 'blog[attachment]', file('photo.png'), 415, 'attachment'],
    ['a Word file as the attachment', 'blog[attachment]', file('letter.docx'), 415, 'attachment'],
    ['an empty PDF', 'blog[attachment]', file('empty.pdf'), 422, 'attachment'],
    ['a script named .png as the icon', 'blog[icon]', file('script-named.png'), 415, 'icon'],
    ['a PDF as the icon', 'blog[icon]', file('letter.pdf'), 415, 'icon'],
    ['a WebP image as the icon', 'blog[icon]', file('photo.webp'), 415, 'icon'],
    ['a JPEG named .pdf as the icon', 'blog[icon]', file('photo.jpg', 'photo.pdf'), 415, 'icon'],
    ['a truncated PNG as the icon', 'blog[icon]', file('truncated.png'), 422, 'icon'],
  ] as const)('refuses %s, storing nothing', async (_name, field, upload, status, key) => {
    const before = await countRows();
    const response = await send('POST', '/api/admin/blogs', {
      'blog[title]': uniqueTitle(),
      'blog[content]': '<p>x</p>',
      'blog[icon]': field === 'blog[attachment]' ? file('photo.jpg') : undefined,
      [field]: upload,
    });
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expect(body.errors[key]).toHaveLength(1);
    expect(body.error_messages).toBe(body.errors[key][0]);
    expect(await countRows()).toEqual(before);
  });

  it('answers 413 for a file over 10 MB', async () => {
    const response = await send('POST', '/api/admin/blogs', {
      'blog[title]': uniqueTitle(),
      'blog[content]': '<p>x</p>',
      'blog[attachment]': { fileName: 'big.pdf', bytes: Buffer.alloc(10 * 1024 * 1024 + 1) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error_messages).toBe('The request is too large.');
  });
});

describe('one-line fields', () => {
  it.each([
    ['title', '\u2028'],
    ['title', '\u2029'],
    ['icon_alt', '\u2028'],
    ['icon_alt', '\u2029'],
  ])('answers 422 naming %s when it holds %j, and stores nothing', async (field, separator) => {
    const before = await countRows();
    const response = await send('POST', '/api/admin/blogs', {
      'blog[title]': uniqueTitle(),
      'blog[content]': '<p>Pollen counts rise in May.</p>',
      [`blog[${field}]`]: `Pollen${separator}counts`,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: 'This field contains characters that are not allowed.',
      errors: { [field]: ['This field contains characters that are not allowed.'] },
    });
    expect(await countRows()).toEqual(before);
  });

  it.each([
    ['title', '\u3164'],
    ['title', '\u3164\u3164'],
    ['title', '\uffa0'],
    ['title', '\u115f'],
    ['title', '\u2800'],
    ['title', '\u034f'],
    ['title', '\u180b'],
    ['title', '\ufe0f'],
    ['title', '\u0301'],
    ['title', 'Pollen\u3164counts'],
    ['icon_alt', '\u3164'],
    ['icon_alt', 'Pollen\u034fcounts'],
    ['video_url', 'https://www.youtube.com/watch?v=abcdef123\u{e0041}'],
    ['video_url', 'https://you\u2060tube.com/watch?v=abcdef123'],
    ['video_url', 'https://www.you\u00adtube.com/watch?v=abcdef123'],
    ['video_url', 'https://vimeo.com/123\u200b'],
    ['video_url', 'youtube\u2060video'],
  ])('answers 422 naming %s when it is %j, which looks blank or hides a character, and stores nothing', async (field, value) => {
    const before = await countRows();
    const response = await send('POST', '/api/admin/blogs', {
      'blog[title]': uniqueTitle(),
      'blog[content]': '<p>Pollen counts rise in May.</p>',
      [`blog[${field}]`]: value,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: 'This field contains characters that are not allowed.',
      errors: { [field]: ['This field contains characters that are not allowed.'] },
    });
    expect(await countRows()).toEqual(before);
  });

  it('refuses a hidden character in the video address when an article is changed too', async () => {
    const blog = await createArticle();
    const response = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': blog.title,
      'blog[content]': '<p>Pollen counts rise in May.</p>',
      'blog[video_url]': 'https://youtu.be/abcdef123\u{e0041}',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      video_url: ['This field contains characters that are not allowed.'],
    });
    expect((await getAdmin(`/api/admin/blogs/${blog.id}`)).json().blog.video_url).toBeNull();
  });

  it('keeps accents, apostrophes, hyphens and an emoji in a title and image text', async () => {
    const title = `Ó Súilleabháin's guide: hay-fever ☀️ ${Date.now()}`;
    const blog = await createArticle({
      'blog[title]': title,
      'blog[icon]': file('photo.jpg'),
      'blog[icon_alt]': "Seán's garden in Dún Laoghaire",
    });
    expect(blog).toMatchObject({ title, icon_alt: "Seán's garden in Dún Laoghaire" });
  });
});

describe('slugs', () => {
  it('makes unique slugs from the title, transliterating accents', async () => {
    const title = `Éczema & Crème ${Date.now()}`;
    const first = await createArticle({ 'blog[title]': title });
    const second = await createArticle({ 'blog[title]': title });
    const third = await createArticle({ 'blog[title]': title.toUpperCase() });
    const base = `eczema-and-creme-${title.split(' ').at(-1)}`;
    expect([first.slug, second.slug, third.slug]).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('keeps unique slugs when the same title is saved at once', async () => {
    const title = `Same time ${Date.now()}`;
    // More at once than the inserts' five attempts: each waits for the one before, none is refused.
    const blogs = await Promise.all(
      Array.from({ length: 12 }, () => createArticle({ 'blog[title]': title })),
    );
    expect(new Set(blogs.map((blog) => blog.slug)).size).toBe(12);
  });

  it('keeps the slug when the title is edited', async () => {
    const blog = await createArticle({ 'blog[title]': `Original title ${Date.now()}` });
    const response = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': 'A completely new title',
      'blog[content]': '<p>x</p>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().blog).toMatchObject({ title: 'A completely new title', slug: blog.slug });
    expect((await t.app.inject({ url: `/api/blogs/${blog.slug}` })).statusCode).toBe(200);
  });
});

describe('sanitising on save', () => {
  const payloads = readFileSync(resolve(process.cwd(), 'testdata/xss-payloads.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');

  it.each(payloads)('stores %s without active markup', async (payload) => {
    const blog = await createArticle({ 'blog[content]': `<p>Safe text</p>${payload}` });
    const [row] = await t.database.db
      .select({ content: blogArticles.content })
      .from(blogArticles)
      .where(eq(blogArticles.id, blog.id));
    for (const stored of [row?.content ?? '', blog.content]) {
      expect(stored).toContain('<p>Safe text</p>');
      expect(stored).not.toMatch(/<script/i);
      expect(stored).not.toMatch(/<[^>]*\son\w+\s*=/i);
      expect(stored).not.toMatch(/javascript:/i);
      expect(stored).not.toMatch(/<(iframe|object|embed|style|svg|math|form|input|meta|base|link|body)\b/i);
    }
  });

  it.each([
    '<script>alert(1)</script>',
    '<p><iframe src="https://evil.example"></iframe></p>',
  ])('answers Content is required when nothing of %s is left to show', async (content) => {
    const before = await countRows();
    const response = await send('POST', '/api/admin/blogs', {
      'blog[title]': uniqueTitle(),
      'blog[content]': content,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ content: ['Content is required'] });
    expect(await countRows()).toEqual(before);
  });
});

describe('GET /api/admin/blogs', () => {
  let prefix: string;
  let created: { id: number; title: string }[];

  beforeAll(async () => {
    prefix = `Listing${Date.now()}`;
    created = [];
    for (const [index, when] of [-2 * DAY, 30 * DAY, -DAY].entries()) {
      created.push(
        await createArticle({
          'blog[title]': `${prefix} ${index + 1} 50%_off`,
          'blog[published_at]': new Date(Date.now() + when).toISOString(),
        }),
      );
    }
  });

  it('lists every article, scheduled ones too, newest created first', async () => {
    const response = await getAdmin(`/api/admin/blogs?title=${prefix}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ count: 3, pages: 1 });
    expect(body.blogs.map((blog: { id: number }) => blog.id)).toEqual(
      created.map((blog) => blog.id).reverse(),
    );
    expect(body.blogs[1]).toEqual({
      id: created[1]?.id,
      title: `${prefix} 2 50%_off`,
      slug: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-/),
      published_at: expect.stringMatching(/^\d{4}-/),
    });
    expect(Date.parse(body.blogs[1].published_at)).toBeGreaterThan(Date.now());
  });

  it('searches the title case-insensitively, also as `search`, with % and _ as plain characters', async () => {
    for (const query of [`title=${prefix.toUpperCase()}`, `search=${prefix.toLowerCase()}`]) {
      expect((await getAdmin(`/api/admin/blogs?${query}`)).json().count).toBe(3);
    }
    const literal = await getAdmin(`/api/admin/blogs?title=${encodeURIComponent(`${prefix} 2 50%_o`)}`);
    expect(literal.json().count).toBe(1);
    const wildcard = await getAdmin(`/api/admin/blogs?title=${encodeURIComponent(`${prefix} 2 5_%`)}`);
    expect(wildcard.json().count).toBe(0);
  });

  it('pages the list, ten a page by default', async () => {
    for (let n = 0; n < 11; n += 1) await createArticle();
    const all = (await getAdmin('/api/admin/blogs')).json();
    expect(all.blogs).toHaveLength(10);
    expect(all.pages).toBe(Math.ceil(all.count / 10));
    const second = (await getAdmin(`/api/admin/blogs?title=${prefix}&per_page=2&page=2`)).json();
    expect(second).toMatchObject({ count: 3, pages: 2 });
    expect(second.blogs.map((blog: { id: number }) => blog.id)).toEqual([created[0]?.id]);
  });

  it.each([
    'page=0',
    'per_page=101',
    'per_page=abc',
    'sort=title',
    `title=${'x'.repeat(201)}`,
  ])('answers 422 for %s', async (query) => {
    const response = await getAdmin(`/api/admin/blogs?${query}`);
    expect(response.statusCode).toBe(422);
    expect(typeof response.json().error_messages).toBe('string');
  });
});

describe('scheduled articles', () => {
  it('stay hidden from the public until their date, but the admin sees them', async () => {
    const blog = await createArticle({ 'blog[published_at]': new Date(Date.now() + DAY).toISOString() });
    const publicList = (await t.app.inject({ url: '/api/blogs?per_page=100' })).json();
    expect(publicList.blogs.map((item: { id: number }) => item.id)).not.toContain(blog.id);
    expect((await t.app.inject({ url: `/api/blogs/${blog.slug}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/blogs/${blog.id}` })).statusCode).toBe(404);
    expect((await getAdmin(`/api/admin/blogs/${blog.id}`)).json().blog.slug).toBe(blog.slug);

    const now = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': blog.title,
      'blog[content]': blog.content,
      'blog[published_at]': new Date(Date.now() - 1000).toISOString(),
    });
    expect(now.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/blogs/${blog.slug}` })).statusCode).toBe(200);
  });
});

describe('GET /api/admin/blogs/{id}', () => {
  it('answers the article with its files', async () => {
    const blog = await createArticle({
      'blog[icon]': file('photo.png'),
      'blog[attachment]': file('letter.pdf'),
    });
    const response = await getAdmin(`/api/admin/blogs/${blog.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().blog).toMatchObject({
      id: blog.id,
      icon: { url: blog.icon.url, name: 'photo.png' },
      attachment: { url: blog.attachment.url, name: 'letter.pdf' },
    });
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '99999999999999'])('answers 404 for %s', async (id) => {
    const response = await getAdmin(`/api/admin/blogs/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'Article not found' });
  });
});

describe('PUT /api/admin/blogs/{id}', () => {
  it('updates the text, keeps files left out, and audits the changed fields', async () => {
    const blog = await createArticle({
      'blog[video_url]': 'https://vimeo.com/123',
      'blog[icon]': file('photo.jpg'),
      'blog[attachment]': file('letter.pdf'),
    });
    const response = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': 'Edited title',
      'blog[content]': '<p>Edited <strong>body</strong></p><script>x()</script>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().blog).toMatchObject({
      title: 'Edited title',
      content: '<p>Edited <strong>body</strong></p>',
      video_url: 'https://vimeo.com/123',
      published_at: blog.published_at,
      icon: blog.icon,
      attachment: blog.attachment,
    });
    const audit = await auditRows('update', blog.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toEqual({ fields: ['title', 'content'] });
  });

  it("changes the cover's description, keeps it when left out, and audits it", async () => {
    const blog = await createArticle({
      'blog[icon]': file('photo.jpg'),
      'blog[icon_alt]': 'A jar of pollen.',
    });
    const kept = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': blog.title,
      'blog[content]': blog.content,
    });
    expect(kept.json().blog.icon_alt).toBe('A jar of pollen.');
    const changed = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': blog.title,
      'blog[content]': blog.content,
      'blog[icon_alt]': '',
    });
    expect(changed.json().blog.icon_alt).toBe('');
    expect((await t.app.inject({ url: `/api/blogs/${blog.slug}` })).json().blog.icon.alt).toBe('');
    expect((await auditRows('update', blog.id)).map((entry) => entry.details)).toContainEqual({
      fields: ['icon_alt'],
    });
  });

  it('clears the video with an empty address', async () => {
    const blog = await createArticle({ 'blog[video_url]': 'https://youtu.be/abcdef123' });
    const response = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': blog.title,
      'blog[content]': blog.content,
      'blog[video_url]': '',
    });
    expect(response.json().blog.video_url).toBeNull();
  });

  it('replaces the cover image and deletes the old one with its variants', async () => {
    const blog = await createArticle({ 'blog[icon]': file('photo.jpg') });
    const oldId = idOf(blog.icon.url);
    expect(await fileIdsExist([oldId])).toHaveLength(3);
    const response = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': blog.title,
      'blog[content]': blog.content,
      'blog[icon]': file('photo.png', 'new cover.png'),
    });
    expect(response.statusCode).toBe(200);
    const icon = response.json().blog.icon;
    expect(icon).toEqual({ url: expect.stringMatching(/^\/uploads\//), name: 'new cover.png' });
    expect(icon.url).not.toBe(blog.icon.url);
    expect(await fileIdsExist([oldId])).toEqual([]);
    expect((await t.app.inject({ url: blog.icon.url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${icon.url}/w800` })).statusCode).toBe(200);
    expect((await auditRows('update', blog.id))[0]?.details).toEqual({ fields: ['icon'] });
  });

  it('removes the stored files on request', async () => {
    const blog = await createArticle({
      'blog[icon]': file('photo.jpg'),
      'blog[attachment]': file('letter.pdf'),
    });
    const response = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': blog.title,
      'blog[content]': blog.content,
      'blog[remove_icon]': 'true',
      'blog[remove_attachment]': 'true',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().blog).toMatchObject({ icon: null, attachment: null });
    expect(await fileIdsExist([idOf(blog.icon.url), idOf(blog.attachment.url)])).toEqual([]);
  });

  it('keeps the stored files when a new one is refused', async () => {
    const blog = await createArticle({
      'blog[icon]': file('photo.jpg'),
      'blog[attachment]': file('letter.pdf'),
    });
    const before = await countRows();
    const response = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': 'Not saved',
      'blog[content]': blog.content,
      'blog[icon]': file('photo.png'),
      'blog[attachment]': file('program-named.pdf'),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().errors).toEqual({ attachment: ['Choose a .pdf file.'] });
    expect(await countRows()).toEqual(before);
    expect((await getAdmin(`/api/admin/blogs/${blog.id}`)).json().blog).toMatchObject({
      title: blog.title,
      icon: blog.icon,
      attachment: blog.attachment,
    });
    const truncated = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': 'Not saved',
      'blog[content]': blog.content,
      'blog[attachment]': file('letter.pdf'),
      'blog[icon]': file('truncated.png'),
    });
    expect(truncated.statusCode).toBe(422);
    expect(Object.keys(truncated.json().errors)).toEqual(['icon']);
    expect(await countRows()).toEqual(before);
  });

  it('answers 422 with the field messages', async () => {
    const blog = await createArticle();
    const response = await send('PUT', `/api/admin/blogs/${blog.id}`, {
      'blog[title]': '',
      'blog[content]': '<p> </p>',
      'blog[video_url]': 'www.youtube.com/watch?v=abc',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['title', 'content', 'video_url']);
    expect(await auditRows('update', blog.id)).toEqual([]);
  });

  it.each(['999999', 'abc'])('answers 404 for %s, storing nothing', async (id) => {
    const before = await countRows();
    const response = await send('PUT', `/api/admin/blogs/${id}`, {
      'blog[title]': 'T',
      'blog[content]': '<p>x</p>',
      'blog[icon]': file('photo.jpg'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'Article not found' });
    expect(await countRows()).toEqual(before);
  });
});

describe('DELETE /api/admin/blogs/{id}', () => {
  it('deletes the article and its files, and audits it', async () => {
    const blog = await createArticle({
      'blog[icon]': file('photo.jpg'),
      'blog[attachment]': file('letter.pdf'),
    });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blogs/${blog.id}`,
      headers: auth,
    });
    expect(response.statusCode).toBe(204);
    expect(await fileIdsExist([idOf(blog.icon.url), idOf(blog.attachment.url)])).toEqual([]);
    expect((await getAdmin(`/api/admin/blogs/${blog.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/blogs/${blog.slug}` })).statusCode).toBe(404);
    const audit = await auditRows('delete', blog.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toEqual({ slug: blog.slug, title: blog.title });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/blogs/${blog.id}`, headers: auth });
    expect(again.statusCode).toBe(404);
  });

  it.each(['999999', 'abc', '-1'])('answers 404 for %s', async (id) => {
    const response = await t.app.inject({ method: 'DELETE', url: `/api/admin/blogs/${id}`, headers: auth });
    expect(response.statusCode).toBe(404);
  });
});

describe('a failing audit write', () => {
  async function withAuditDown<T>(run: () => Promise<T>): Promise<T> {
    const db = t.database.db;
    await db.execute(
      sql`create or replace function fail_audit() returns trigger as $$ begin raise exception 'audit down'; end $$ language plpgsql`,
    );
    await db.execute(
      sql`create trigger fail_audit before insert on audit_log for each row execute function fail_audit()`,
    );
    try {
      return await run();
    } finally {
      await db.execute(sql`drop trigger fail_audit on audit_log`);
      await db.execute(sql`drop function fail_audit()`);
    }
  }

  it('rolls back the create, the update and the delete it would record, files included', async () => {
    const blog = await createArticle({
      'blog[icon]': file('photo.jpg'),
      'blog[attachment]': file('letter.pdf'),
    });
    const before = await countRows();
    await withAuditDown(async () => {
      const created = await send('POST', '/api/admin/blogs', {
        'blog[title]': uniqueTitle(),
        'blog[content]': '<p>x</p>',
        'blog[icon]': file('photo.png'),
      });
      expect(created.statusCode).toBe(500);
      const updated = await send('PUT', `/api/admin/blogs/${blog.id}`, {
        'blog[title]': 'Not saved',
        'blog[content]': '<p>Not saved</p>',
        'blog[icon]': file('photo.png'),
        'blog[remove_attachment]': 'true',
      });
      expect(updated.statusCode).toBe(500);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/blogs/${blog.id}`,
        headers: auth,
      });
      expect(deleted.statusCode).toBe(500);
    });
    expect(await countRows()).toEqual(before);
    expect((await getAdmin(`/api/admin/blogs/${blog.id}`)).json().blog).toEqual(blog);
    expect(await fileIdsExist([idOf(blog.icon.url), idOf(blog.attachment.url)])).toHaveLength(4);
  });
});
