import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, faQuestions } from '../../db/schema';
import { injectMultipart, type MultipartValue, testFile } from '../../test/multipart';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';

const REQUIRED = 'This field is required, please fill in.';

let t: AdminTestApp;
let auth: AdminTestApp['auth'];

beforeAll(async () => {
  t = await createAdminTestApp();
  auth = t.auth;
});
afterAll(() => t.close());

type Question = { id: number; title: string; answer: string; asHtml: boolean };

const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, MultipartValue | undefined>) =>
  injectMultipart(t.app, method, url, fields, auth);

const create = (fields: Record<string, MultipartValue | undefined>) =>
  send('POST', '/api/admin/fa_questions', fields);

async function createQuestion(fields: Record<string, MultipartValue | undefined> = {}): Promise<Question> {
  const response = await create({
    title: 'How long does a test take?',
    answer: 'About an hour.',
    asHtml: 'false',
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json().fa_question;
}

async function storedRow(id: number) {
  const [row] = await t.database.db.select().from(faQuestions).where(eq(faQuestions.id, id));
  return row;
}

async function auditRows(entityId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'fa_question'), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);
}

async function publicQuestions(): Promise<Question[]> {
  return (await t.app.inject({ url: '/api/fa_questions?page=1&per_page=50' })).json().fa_questions;
}

describe('POST /api/admin/fa_questions', () => {
  it('creates a plain question, answers 201, puts it last in the public order and audits it', async () => {
    const first = await createQuestion({ title: 'First question' });
    const response = await create({
      title: '  Do you test children?  ',
      answer: 'Yes.\r\n\r\nFrom age one.',
      asHtml: 'false',
    });
    expect(response.statusCode).toBe(201);
    const question = response.json().fa_question;
    expect(question).toEqual({
      id: expect.any(Number),
      title: 'Do you test children?',
      answer: 'Yes.\n\nFrom age one.',
      asHtml: false,
    });
    const titles = (await publicQuestions()).map((q) => q.title);
    expect(titles.indexOf('Do you test children?')).toBe(titles.length - 1);
    expect(titles.indexOf('First question')).toBeLessThan(titles.length - 1);
    expect((await storedRow(question.id))?.position).toBeGreaterThan(
      (await storedRow(first.id))?.position ?? 0,
    );
    const [audit] = await auditRows(question.id);
    expect(audit).toMatchObject({
      action: 'create',
      adminUserId: expect.any(Number),
      details: { fields: ['title', 'answer', 'asHtml'] },
    });
  });

  it('keeps a plain answer as text, markup included', async () => {
    const question = await createQuestion({ answer: 'Plain <b>bold</b> & <script>not run</script>' });
    expect(question.answer).toBe('Plain <b>bold</b> & <script>not run</script>');
    expect(question.asHtml).toBe(false);
  });

  it('treats a missing asHtml as plain, and accepts JSON with a boolean', async () => {
    expect((await createQuestion({ asHtml: undefined })).asHtml).toBe(false);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fa_questions',
      headers: auth,
      payload: { title: 'JSON', answer: '<p>Hi <em>there</em></p>', asHtml: true },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().fa_question).toMatchObject({ answer: '<p>Hi <em>there</em></p>', asHtml: true });
  });

  it('sanitises an HTML answer before storing it', async () => {
    const question = await createQuestion({
      asHtml: 'true',
      answer:
        '<p onclick="x()">Safe <a href="javascript:alert(1)">bad</a> <a href="https://example.ie">ok</a></p><script>alert(1)</script>',
    });
    expect(question.answer).toBe(
      '<p>Safe <a>bad</a> <a href="https://example.ie" target="_blank" rel="noopener noreferrer">ok</a></p>',
    );
    expect((await storedRow(question.id))?.answer).toBe(question.answer);
  });

  it('leaves none of the XSS payloads able to run, on save and on the public page', async () => {
    const payloads = testFile('xss-payloads.txt')
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(payloads.length).toBeGreaterThan(20);
    for (const payload of payloads) {
      const response = await create({ title: 'XSS', answer: `<p>Text</p>${payload}`, asHtml: 'true' });
      expect(response.statusCode).toBe(201);
      const { id, answer } = response.json().fa_question as Question;
      for (const html of [answer, (await storedRow(id))?.answer ?? '']) {
        expect(html, payload).not.toMatch(
          /<script|<iframe|<object|<embed|<svg|<style|<meta|<base|<link|<form|<input/i,
        );
        expect(html, payload).not.toMatch(/\son\w+\s*=|javascript:|data:text\/html|style=/i);
      }
    }
  });

  it('answers 422 with the required text for both fields', async () => {
    const response = await create({ title: ' ', answer: ' ', asHtml: 'false' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: REQUIRED,
      errors: { title: [REQUIRED], answer: [REQUIRED] },
    });
    const missing = await create({});
    expect(missing.json().errors).toEqual({ title: [REQUIRED], answer: [REQUIRED] });
  });

  it.each([
    ['an empty paragraph', '<p></p>'],
    ['white space and breaks', '<p>&nbsp; <br></p>'],
    ['only a script', '<script>alert(1)</script>'],
    ['only a frame', '<iframe src="https://evil.test"></iframe>'],
  ])('counts an HTML answer of %s as empty', async (_name, answer) => {
    const response = await create({ title: 'Blank', answer, asHtml: 'true' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ answer: [REQUIRED] });
  });

  it('answers 422 for texts that are too long, a bad asHtml, an unknown field and a file', async () => {
    const title = await create({ title: 'x'.repeat(256), answer: 'A' });
    expect(title.json().errors).toEqual({ title: ['Text is too long.'] });
    const answer = await create({ title: 'T', answer: 'x'.repeat(20_001) });
    expect(answer.json().errors).toEqual({ answer: ['Text is too long.'] });
    const asHtml = await create({ title: 'T', answer: 'A', asHtml: 'yes' });
    expect(asHtml.statusCode).toBe(422);
    expect(asHtml.json().errors).toHaveProperty('asHtml');
    const unknown = await create({ title: 'T', answer: 'A', position: '1' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ position: ['Unknown field.'] });
    const file = await create({
      title: 'T',
      answer: 'A',
      attachment: { fileName: 'photo.jpg', bytes: testFile('photo.jpg') },
    });
    expect(file.statusCode).toBe(422);
    expect(file.json().errors).toEqual({ attachment: ['Unknown field.'] });
  });

  it.each([
    '\u2028',
    '\u2029',
    '\u3164',
    '\uffa0',
    '\u2800',
    '\u034f',
  ])('answers 422 naming the title when it holds %j, never 500', async (separator) => {
    const response = await create({ title: `How long${separator}does it take?`, answer: 'An hour.' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: 'This field contains characters that are not allowed.',
      errors: { title: ['This field contains characters that are not allowed.'] },
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fa_questions',
      headers: auth,
      payload: { title: `Why${separator}`.repeat(2), answer: 'Because.' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ title: ['This field contains characters that are not allowed.'] });
  });

  it('answers 400 for a broken JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fa_questions',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/admin/fa_questions', () => {
  it('lists in the public order, pages, counts and searches the title', async () => {
    const marker = `Pollen${Date.now()}`;
    await createQuestion({ title: `${marker} one` });
    await createQuestion({ title: `${marker} two` });
    await createQuestion({ title: `${marker} three` });
    const body = (
      await t.app.inject({
        url: `/api/admin/fa_questions?search=${marker.toUpperCase()}&per_page=2`,
        headers: auth,
      })
    ).json();
    expect(body.fa_questions.map((q: Question) => q.title)).toEqual([`${marker} one`, `${marker} two`]);
    expect(body).toMatchObject({ pages: 2, count: 3 });
    const second = (
      await t.app.inject({ url: `/api/admin/fa_questions?search=${marker}&per_page=2&page=2`, headers: auth })
    ).json();
    expect(second.fa_questions.map((q: Question) => q.title)).toEqual([`${marker} three`]);
  });

  it('reads 10 a page by default and matches % literally', async () => {
    const body = (await t.app.inject({ url: '/api/admin/fa_questions', headers: auth })).json();
    expect(body.fa_questions).toHaveLength(10);
    expect(body.count).toBeGreaterThan(10);
    const literal = (await t.app.inject({ url: '/api/admin/fa_questions?search=%25', headers: auth })).json();
    expect(literal.count).toBe(0);
  });

  it.each(['page=0', 'per_page=101', 'page=abc', 'title=x'])('answers 422 for %s', async (query) => {
    const response = await t.app.inject({ url: `/api/admin/fa_questions?${query}`, headers: auth });
    expect(response.statusCode).toBe(422);
  });
});

describe('GET /api/admin/fa_questions/{id}', () => {
  it('answers one question', async () => {
    const created = await createQuestion({ title: 'One', answer: '<h3>Head</h3>', asHtml: 'true' });
    const response = await t.app.inject({ url: `/api/admin/fa_questions/${created.id}`, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      fa_question: { id: created.id, title: 'One', answer: '<h3>Head</h3>', asHtml: true },
    });
  });

  it.each(['999999', 'abc', '0', '99999999999999'])('answers 404 for %s', async (id) => {
    const response = await t.app.inject({ url: `/api/admin/fa_questions/${id}`, headers: auth });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'FAQ not found' });
  });
});

describe('PUT /api/admin/fa_questions/{id}', () => {
  it('updates, switches to HTML (sanitised), keeps the position and audits the changed fields', async () => {
    const created = await createQuestion();
    const position = (await storedRow(created.id))?.position;
    const response = await send('PUT', `/api/admin/fa_questions/${created.id}`, {
      title: created.title,
      answer: '<p>About <strong>an hour</strong>.</p><img src=x onerror=alert(1)>',
      asHtml: 'true',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().fa_question).toEqual({
      id: created.id,
      title: created.title,
      answer: '<p>About <strong>an hour</strong>.</p>',
      asHtml: true,
    });
    expect((await storedRow(created.id))?.position).toBe(position);
    const audits = await auditRows(created.id);
    expect(audits.map((row) => row.action)).toEqual(['create', 'update']);
    expect(audits[1]?.details).toEqual({ fields: ['answer', 'asHtml'] });
  });

  it('answers 422 and changes nothing for a blank answer', async () => {
    const created = await createQuestion();
    const response = await send('PUT', `/api/admin/fa_questions/${created.id}`, {
      title: 'New',
      answer: '<p> </p>',
      asHtml: 'true',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ answer: [REQUIRED] });
    expect((await storedRow(created.id))?.title).toBe(created.title);
    expect((await auditRows(created.id)).map((row) => row.action)).toEqual(['create']);
  });

  it.each(['999999', 'abc'])('answers 404 for %s', async (id) => {
    const response = await send('PUT', `/api/admin/fa_questions/${id}`, { title: 'T', answer: 'A' });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/fa_questions/{id}', () => {
  it('deletes, audits, removes it from the public list and answers 404 afterwards', async () => {
    const created = await createQuestion({ title: `Delete me ${Date.now()}` });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/fa_questions/${created.id}`,
      headers: auth,
    });
    expect(response.statusCode).toBe(204);
    expect((await publicQuestions()).some((q) => q.id === created.id)).toBe(false);
    expect((await auditRows(created.id)).map((row) => row.action)).toEqual(['create', 'delete']);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/fa_questions/${created.id}`,
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/admin/fa_questions/abc', headers: auth });
    expect(bad.statusCode).toBe(404);
  });
});

describe('a failing audit write', () => {
  it('rolls back the create, the update and the delete it audits', async () => {
    const kept = await createQuestion({ title: 'Kept as it is' });
    const countBefore = await t.database.db.$count(faQuestions);
    await t.database.db.execute(
      sql.raw(`create function fail_audit() returns trigger as $$
        begin raise exception 'audit down'; end $$ language plpgsql`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger fail_audit before insert on audit_log for each row execute function fail_audit()',
      ),
    );
    try {
      const created = await create({ title: 'Never stored', answer: 'A', asHtml: 'false' });
      expect(created.statusCode).toBe(500);
      const updated = await send('PUT', `/api/admin/fa_questions/${kept.id}`, {
        title: 'Changed',
        answer: 'B',
      });
      expect(updated.statusCode).toBe(500);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/fa_questions/${kept.id}`,
        headers: auth,
      });
      expect(deleted.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_audit on audit_log'));
      await t.database.db.execute(sql.raw('drop function fail_audit()'));
    }
    expect(await t.database.db.$count(faQuestions)).toBe(countBefore);
    expect(await storedRow(kept.id)).toMatchObject({ title: 'Kept as it is', answer: 'About an hour.' });
    expect((await auditRows(kept.id)).map((row) => row.action)).toEqual(['create']);
  });
});
