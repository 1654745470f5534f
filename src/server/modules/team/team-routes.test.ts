import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(teamMembers).values([
    { fullName: 'Second', userType: 'Nurse', description: 'B', order: 2 },
    { fullName: 'First', userType: 'Consultant', description: 'A', order: 1 },
    { fullName: 'Third', userType: 'Dietitian', description: 'C', order: 3 },
  ]);
});
afterAll(() => t.close());

describe('GET /api/team_members', () => {
  it('lists members by order with pages and count, with what the cards show (no description)', async () => {
    const response = await t.app.inject({ url: '/api/team_members?page=1&per_page=2' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.team_members.map((m: { full_name: string }) => m.full_name)).toEqual(['First', 'Second']);
    expect(body.team_members[0]).toEqual({
      id: expect.any(Number),
      full_name: 'First',
      user_type: 'Consultant',
      order: 1,
      logo_url: null,
    });
    expect(body).toMatchObject({ pages: 2, count: 3 });
    const second = (await t.app.inject({ url: '/api/team_members?page=2&per_page=2' })).json();
    expect(second.team_members.map((m: { full_name: string }) => m.full_name)).toEqual(['Third']);
  });

  it.each([
    'page=0',
    'page=abc',
    'per_page=101',
    'per_page=-1',
    'page=1.5',
    'sort=name',
  ])('answers 422 for %s', async (query) => {
    const response = await t.app.inject({ url: `/api/team_members?${query}` });
    expect(response.statusCode).toBe(422);
    expect(typeof response.json().error_messages).toBe('string');
  });
});

describe('GET /api/team_members/{id}', () => {
  it('answers one member', async () => {
    const list = (await t.app.inject({ url: '/api/team_members' })).json();
    const id = list.team_members[0].id;
    const response = await t.app.inject({ url: `/api/team_members/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().team_member.full_name).toBe('First');
  });

  it.each(['999999', 'abc', '-1', '99999999999999'])('answers 404 for %s', async (id) => {
    const response = await t.app.inject({ url: `/api/team_members/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'Team member not found' });
  });
});
