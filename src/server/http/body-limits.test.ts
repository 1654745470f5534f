import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_CONTENT_MAX, ARTICLE_TITLE_MAX, ARTICLE_VIDEO_URL_MAX } from '../../shared/blog';
import { FAQ_LIMITS } from '../../shared/faq';
import { FEE_LIMITS } from '../../shared/fees';
import { NAME_LENGTHS } from '../../shared/name-lengths';
import { MAX_SLOTS_PER_SAVE } from '../../shared/slots';
import { TEAM_MEMBER_LIMITS } from '../../shared/team';
import { type AdminTestApp, createAdminTestApp } from '../test/test-app';
import { DEFAULT_JSON_BODY_LIMIT } from './body-guards';

// The largest real JSON body of each endpoint, built from its schema's maximum lengths with a character
// UTF-8 writes in three bytes (€): each must get past its route's body limit (any answer but 413), and the
// endpoints left at the default show what the default has to hold.

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

/** `count` characters of three bytes each in UTF-8. */
const euros = (count: number) => '€'.repeat(count);
let addressCounter = 0;

async function send(method: 'POST' | 'PUT', url: string, body: unknown) {
  const payload = JSON.stringify(body);
  const response = await t.app.inject({
    method,
    url,
    headers: { ...t.auth, 'content-type': 'application/json' },
    payload,
    remoteAddress: `10.8.0.${++addressCounter}`,
  });
  return { response, bytes: Buffer.byteLength(payload) };
}

function expectRead(answer: { response: { statusCode: number; body: string }; bytes: number }) {
  expect({ status: answer.response.statusCode, body: answer.response.body.slice(0, 200) }).not.toMatchObject({
    status: 413,
  });
  expect(answer.response.statusCode).toBeLessThan(500);
}

describe('the largest real JSON body of each endpoint fits its limit', () => {
  it('an article with the longest title, content and video address (its own limit, far above the default)', async () => {
    const answer = await send('POST', '/api/admin/blogs', {
      title: euros(ARTICLE_TITLE_MAX),
      content: `<p>${euros(ARTICLE_CONTENT_MAX - 7)}</p>`,
      video_url: `https://www.youtube.com/watch?v=${'a'.repeat(ARTICLE_VIDEO_URL_MAX - 32)}`,
      published_at: '2026-01-31T10:00',
    });
    expectRead(answer);
    expect(answer.response.statusCode).toBe(201);
    expect(answer.bytes).toBeGreaterThan(3 * DEFAULT_JSON_BODY_LIMIT);
  });

  it('a FAQ with the longest title and HTML answer', async () => {
    const answer = await send('POST', '/api/admin/fa_questions', {
      title: euros(FAQ_LIMITS.title),
      answer: `<p>${euros(FAQ_LIMITS.answer - 7)}</p>`,
      asHtml: true,
    });
    expectRead(answer);
    expect(answer.response.statusCode).toBe(201);
  });

  it('a team member with the longest texts', async () => {
    const answer = await send('POST', '/api/admin/team_members', {
      full_name: euros(TEAM_MEMBER_LIMITS.fullName),
      user_type: euros(TEAM_MEMBER_LIMITS.userType),
      description: euros(TEAM_MEMBER_LIMITS.description),
      order: String(TEAM_MEMBER_LIMITS.order),
    });
    expectRead(answer);
    expect(answer.response.statusCode).toBe(201);
  });

  it('a fee service with every price line, at the default limit', async () => {
    const category = await send('POST', '/api/admin/fee_categories', { title: euros(FEE_LIMITS.title) });
    expect(category.response.statusCode).toBe(201);
    const answer = await send('POST', '/api/admin/services', {
      title: euros(FEE_LIMITS.title),
      fee_category_id: category.response.json().fee_category.id,
      prices_attributes: Array.from({ length: FEE_LIMITS.priceLines }, () => ({
        description: euros(FEE_LIMITS.description),
        amount: '€ 99999.99',
        _destroy: 'false',
      })),
    });
    expectRead(answer);
    expect(answer.response.statusCode).toBe(201);
    expect(answer.bytes).toBeLessThan(DEFAULT_JSON_BODY_LIMIT);
  });

  it('a save of the slot editor with the most slots, at the default limit', async () => {
    const slot = (index: number) => ({
      start_date: `2999-12-${String((index % 28) + 1).padStart(2, '0')}T10:00:00.000+01:00`,
      // Ends before it starts: refused (422) before any slot is written, whatever its size.
      end_date: `2999-12-${String((index % 28) + 1).padStart(2, '0')}T09:00:00.000+01:00`,
      is_adult: 'false',
      is_video_call: 'false',
      price: 99999.99,
      location: 'adult_1',
    });
    const answer = await send('POST', '/api/admin/sessions', {
      sessions_create: Array.from({ length: MAX_SLOTS_PER_SAVE }, (_, index) => slot(index)),
      sessions_update: Array.from({ length: MAX_SLOTS_PER_SAVE }, (_, index) => ({
        ...slot(index),
        id: 2_147_483_000 + index,
      })),
    });
    expectRead(answer);
    expect(answer.response.statusCode).toBe(422);
    expect(answer.bytes).toBeLessThan(DEFAULT_JSON_BODY_LIMIT);
  });

  it('a booking sent as JSON with every text field at its longest, at the default limit', async () => {
    const text = euros(1000);
    const answer = await send('POST', '/api/patients', {
      first_name: text,
      last_name: text,
      email: text,
      phone: text,
      dob: text,
      is_adult: 'true',
      is_video_call: 'false',
      guardian_first_name: text,
      guardian_last_name: text,
      session_id: 2_147_483_647,
      consultant_name: text,
      consultant_addres: text,
      consultant_email: text,
      allergens: text,
      antihistamine: 'true',
      agreement: 'true',
    });
    expectRead(answer);
    expect(answer.bytes).toBeLessThan(DEFAULT_JSON_BODY_LIMIT);
  });

  it('a contact message and a sign-in at their longest', async () => {
    const contact = await send('POST', '/api/contact_us', {
      name: euros(NAME_LENGTHS.full.max),
      email: `${'m'.repeat(240)}@example.com`,
      phone: '+353 (1) 234-5678',
      message: euros(2000),
    });
    expectRead(contact);
    expect(contact.response.statusCode).toBe(201);
    const login = await send('POST', '/api/admin/autorization/login', {
      email: `${'m'.repeat(240)}@example.com`,
      password: euros(12),
    });
    expectRead(login);
  });
});
