import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeCategories, feePrices, feeServices } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [tests, consultations, empty] = await db
    .insert(feeCategories)
    .values([
      { title: 'Allergy tests', position: 2 },
      { title: 'Consultations', position: 1 },
      { title: 'Empty', position: 3 },
    ])
    .returning();
  if (!tests || !consultations || !empty) throw new Error('seeding failed');
  const [child, adult, video, skin] = await db
    .insert(feeServices)
    .values([
      { feeCategoryId: consultations.id, title: 'Child consultation', position: 2 },
      { feeCategoryId: consultations.id, title: 'Adult consultation', position: 1 },
      { feeCategoryId: consultations.id, title: 'Video consultation', position: 3 },
      { feeCategoryId: tests.id, title: 'Skin prick test', position: 1 },
    ])
    .returning();
  if (!child || !adult || !video || !skin) throw new Error('seeding failed');
  await db.insert(feePrices).values([
    { feeServiceId: adult.id, description: 'Review', amountCents: 15000, position: 2 },
    { feeServiceId: adult.id, description: 'New patient', amountCents: 25000, position: 1 },
    { feeServiceId: child.id, description: 'New patient', amountCents: 8550, position: 1 },
    { feeServiceId: skin.id, description: 'Skin prick test', amountCents: 18000, position: 1 },
  ]);
});
afterAll(() => t.close());

interface Category {
  id: number;
  title: string;
  services: {
    id: number;
    title: string;
    fee_category_id: number;
    prices: { description: string; amount: number }[];
  }[];
}

describe('GET /api/fee_categories', () => {
  it('lists categories by position, each with its ordered services and prices in euro', async () => {
    const response = await t.app.inject({ url: '/api/fee_categories?page=1&per_page=10' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ pages: 1, count: 3 });
    const categories: Category[] = body.fee_categories;
    expect(categories.map((c) => c.title)).toEqual(['Consultations', 'Allergy tests', 'Empty']);
    const [consultations, tests, empty] = categories;
    expect(consultations?.services.map((s) => s.title)).toEqual([
      'Adult consultation',
      'Child consultation',
      'Video consultation',
    ]);
    expect(consultations?.services[0]).toEqual({
      id: expect.any(Number),
      title: 'Adult consultation',
      fee_category_id: consultations?.id,
      prices: [
        { id: expect.any(Number), description: 'New patient', amount: 250 },
        { id: expect.any(Number), description: 'Review', amount: 150 },
      ],
    });
    expect(consultations?.services[1]?.prices).toEqual([
      { id: expect.any(Number), description: 'New patient', amount: 85.5 },
    ]);
    expect(consultations?.services[2]?.prices).toEqual([]);
    expect(tests?.services).toEqual([
      {
        id: expect.any(Number),
        title: 'Skin prick test',
        fee_category_id: tests?.id,
        prices: [{ id: expect.any(Number), description: 'Skin prick test', amount: 180 }],
      },
    ]);
    expect(empty?.services).toEqual([]);
  });

  it('pages the categories', async () => {
    const first = (await t.app.inject({ url: '/api/fee_categories?page=1&per_page=2' })).json();
    expect(first.fee_categories.map((c: Category) => c.title)).toEqual(['Consultations', 'Allergy tests']);
    expect(first).toMatchObject({ pages: 2, count: 3 });
    const second = (await t.app.inject({ url: '/api/fee_categories?page=2&per_page=2' })).json();
    expect(second.fee_categories.map((c: Category) => c.title)).toEqual(['Empty']);
    const beyond = (await t.app.inject({ url: '/api/fee_categories?page=9&per_page=2' })).json();
    expect(beyond).toEqual({ fee_categories: [], pages: 2, count: 3 });
  });

  it.each([
    'page=0',
    'page=abc',
    'per_page=0',
    'per_page=101',
    'page=1.5',
    'sort=title',
  ])('answers 422 for %s', async (query) => {
    const response = await t.app.inject({ url: `/api/fee_categories?${query}` });
    expect(response.statusCode).toBe(422);
    expect(typeof response.json().error_messages).toBe('string');
  });
});
