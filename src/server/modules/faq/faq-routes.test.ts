import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faQuestions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cleanStoredHtml } from '../blog/stored-html';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(faQuestions).values([
    { title: 'Second', answer: 'Plain <b>text</b> & more', asHtml: false, position: 2 },
    {
      title: 'First',
      answer:
        '<p>Safe <strong>bold</strong> <a href="https://example.ie" onclick="x()">link</a></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><h3>Heading</h3><iframe src="https://evil.test"></iframe>',
      asHtml: true,
      position: 1,
    },
    { title: 'Third', answer: 'C', asHtml: false, position: 3 },
  ]);
  // Rows written outside the app carry no sanitiser version: the server cleans them once at start.
  await cleanStoredHtml(t.database.db);
});
afterAll(() => t.close());

type Question = { title: string; answer: string; asHtml: boolean };

describe('GET /api/fa_questions', () => {
  it('lists questions by position with pages and count', async () => {
    const response = await t.app.inject({ url: '/api/fa_questions?page=1&per_page=2' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.fa_questions.map((q: Question) => q.title)).toEqual(['First', 'Second']);
    expect(body).toMatchObject({ pages: 2, count: 3 });
    expect(Object.keys(body.fa_questions[0]).sort()).toEqual(['answer', 'asHtml', 'id', 'title']);
    const second = (await t.app.inject({ url: '/api/fa_questions?page=2&per_page=2' })).json();
    expect(second.fa_questions.map((q: Question) => q.title)).toEqual(['Third']);
  });

  it('reads page 1 with 50 per page by default', async () => {
    const body = (await t.app.inject({ url: '/api/fa_questions?page=1&per_page=50' })).json();
    expect(body.fa_questions).toHaveLength(3);
    expect(body).toMatchObject({ pages: 1, count: 3 });
  });

  it('sanitises HTML answers', async () => {
    const body = (await t.app.inject({ url: '/api/fa_questions' })).json();
    const first = body.fa_questions.find((q: Question) => q.title === 'First');
    expect(first.asHtml).toBe(true);
    expect(first.answer).not.toMatch(/script|alert|onclick|onerror|<img|iframe|javascript:/i);
    expect(first.answer).toContain(
      '<p>Safe <strong>bold</strong> <a href="https://example.ie" target="_blank" rel="noopener noreferrer">link</a></p>',
    );
    expect(first.answer).toContain('<h3>Heading</h3>');
  });

  it('returns plain answers as they are', async () => {
    const body = (await t.app.inject({ url: '/api/fa_questions' })).json();
    const second = body.fa_questions.find((q: Question) => q.title === 'Second');
    expect(second).toMatchObject({ answer: 'Plain <b>text</b> & more', asHtml: false });
  });

  it.each([
    'page=0',
    'page=abc',
    'per_page=0',
    'per_page=101',
    'per_page=-1',
    'page=1.5',
    'sort=title',
  ])('answers 422 for %s', async (query) => {
    const response = await t.app.inject({ url: `/api/fa_questions?${query}` });
    expect(response.statusCode).toBe(422);
    expect(typeof response.json().error_messages).toBe('string');
  });
});
