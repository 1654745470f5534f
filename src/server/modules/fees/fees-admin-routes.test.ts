import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeTexts } from '../../../shared/fees';
import { texts } from '../../../shared/validation-texts';
import { auditLog, feeCategories, feePrices, feeServices } from '../../db/schema';
import { injectMultipart, type MultipartValue } from '../../test/multipart';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';

let t: AdminTestApp;
const auth = () => t.auth;

beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(method: Method, url: string, json?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: auth(),
    ...(json === undefined ? {} : { payload: json as object }),
  });
}

const callMultipart = (method: 'POST' | 'PUT', url: string, fields: Record<string, MultipartValue>) =>
  injectMultipart(t.app, method, url, fields, auth());

async function newCategory(title: string): Promise<number> {
  const response = await call('POST', '/api/admin/fee_categories', { title });
  expect(response.statusCode).toBe(201);
  return response.json().fee_category.id;
}

interface Price {
  id: number;
  description: string;
  amount: number;
}

async function newService(categoryId: number, title: string, prices: [string, string][] = []) {
  const fields: Record<string, MultipartValue> = {
    'service[title]': title,
    'service[fee_category_id]': categoryId,
  };
  prices.forEach(([description, amount], index) => {
    fields[`service[prices_attributes][${index}][description]`] = description;
    fields[`service[prices_attributes][${index}][amount]`] = amount;
  });
  const response = await callMultipart('POST', '/api/admin/services', fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().service as { id: number; title: string; fee_category_id: number; prices: Price[] };
}

async function auditRows(entity: string, entityId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);
}

describe('fee categories', () => {
  it('creates a category from JSON, a bare multipart title or fee_category[title]; new ones go last', async () => {
    const json = await call('POST', '/api/admin/fee_categories', { title: '  Consultations  ' });
    expect(json.statusCode).toBe(201);
    expect(json.json()).toEqual({
      fee_category: { id: expect.any(Number), title: 'Consultations', services_count: 0 },
    });
    const bare = await callMultipart('POST', '/api/admin/fee_categories', { title: 'Allergy testing' });
    expect(bare.statusCode).toBe(201);
    const wrapped = await callMultipart('POST', '/api/admin/fee_categories', {
      'fee_category[title]': 'Challenges',
    });
    expect(wrapped.statusCode).toBe(201);
    expect(wrapped.json().fee_category.title).toBe('Challenges');

    const ids = [json, bare, wrapped].map((response) => response.json().fee_category.id as number);
    const rows = await t.database.db
      .select({ id: feeCategories.id, position: feeCategories.position })
      .from(feeCategories)
      .where(inArray(feeCategories.id, ids));
    const positions = ids.map((id) => rows.find((row) => row.id === id)?.position ?? 0);
    expect(positions[1]).toBeGreaterThan(positions[0] ?? 0);
    expect(positions[2]).toBeGreaterThan(positions[1] ?? 0);

    const list = (await call('GET', '/api/admin/fee_categories?per_page=100')).json();
    const titles = list.fee_categories.map((category: { title: string }) => category.title);
    expect(titles.slice(-3)).toEqual(['Consultations', 'Allergy testing', 'Challenges']);
  });

  it.each([
    ['no title', {}, 'title', texts.required],
    ['a blank title', { title: '   ' }, 'title', texts.required],
    ['a title that is not text', { title: 42 }, 'title', texts.required],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title', texts.tooLong],
    ['an unknown field', { title: 'Fine', colour: 'red' }, 'colour', 'Unknown field.'],
  ])('refuses %s with 422', async (_name, body, field, message) => {
    for (const [method, url] of [
      ['POST', '/api/admin/fee_categories'],
      ['PUT', `/api/admin/fee_categories/${await newCategory('To refuse')}`],
    ] as const) {
      const response = await call(method, url, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
      expect(response.json().error_messages).toEqual(expect.any(String));
    }
  });

  it('refuses a blank fee_category[title] in multipart', async () => {
    const response = await callMultipart('POST', '/api/admin/fee_categories', { 'fee_category[title]': '' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: texts.required,
      errors: { title: [texts.required] },
    });
  });

  it('lists categories by position with their services counted, searched and paged', async () => {
    const a = await newCategory('Search me 100% alpha');
    const b = await newCategory('search ME beta');
    await newCategory('Other');
    await newService(a, 'One');
    await newService(a, 'Two');

    const found = await call('GET', '/api/admin/fee_categories?search=search%20me');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      fee_categories: [
        { id: a, title: 'Search me 100% alpha', services_count: 2 },
        { id: b, title: 'search ME beta', services_count: 0 },
      ],
      pages: 1,
      count: 2,
    });
    const literal = (await call('GET', '/api/admin/fee_categories?search=100%25')).json();
    expect(literal.fee_categories.map((category: { id: number }) => category.id)).toEqual([a]);
    const wildcard = (await call('GET', '/api/admin/fee_categories?search=_')).json();
    expect(wildcard.count).toBe(0);

    const paged = (await call('GET', '/api/admin/fee_categories?search=search&page=2&per_page=1')).json();
    expect(paged).toEqual({ fee_categories: [expect.objectContaining({ id: b })], pages: 2, count: 2 });

    const all = (await call('GET', '/api/admin/fee_categories')).json();
    expect(all.fee_categories.length).toBeLessThanOrEqual(10);
    expect(all.pages).toBe(Math.ceil(all.count / 10));
  });

  it.each([
    'page=0',
    'page=abc',
    'per_page=0',
    'per_page=101',
    'category_id=1',
    'title=x',
    `search=${'x'.repeat(201)}`,
  ])('answers 422 for the list query %s', async (query) => {
    const response = await call('GET', `/api/admin/fee_categories?${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toEqual(expect.any(String));
  });

  it('reads, updates and audits one category', async () => {
    const id = await newCategory('Before');
    const read = await call('GET', `/api/admin/fee_categories/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ fee_category: { id, title: 'Before', services_count: 0 } });

    const updated = await callMultipart('PUT', `/api/admin/fee_categories/${id}`, {
      'fee_category[title]': 'After',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().fee_category).toEqual({ id, title: 'After', services_count: 0 });
    expect((await call('GET', `/api/admin/fee_categories/${id}`)).json().fee_category.title).toBe('After');

    const rows = await auditRows('fee_category', id);
    expect(rows.map((row) => [row.action, row.details])).toEqual([
      ['create', { fields: ['title'] }],
      ['update', { fields: ['title'] }],
    ]);
    expect(rows.every((row) => typeof row.adminUserId === 'number')).toBe(true);
  });

  it('deletes a category with its services and their prices, and audits it', async () => {
    const id = await newCategory('Doomed');
    const service = await newService(id, 'Doomed service', [
      ['First', '10'],
      ['Second', '20'],
    ]);
    const keep = await newCategory('Kept');
    const kept = await newService(keep, 'Kept service', [['Kept price', '30']]);

    const response = await call('DELETE', `/api/admin/fee_categories/${id}`);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', `/api/admin/fee_categories/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/services/${service.id}`)).statusCode).toBe(404);
    const db = t.database.db;
    expect(await db.select().from(feeServices).where(eq(feeServices.feeCategoryId, id))).toEqual([]);
    expect(await db.select().from(feePrices).where(eq(feePrices.feeServiceId, service.id))).toEqual([]);
    expect((await call('GET', `/api/admin/services/${kept.id}`)).json().service.prices).toHaveLength(1);

    const rows = await auditRows('fee_category', id);
    expect(rows.at(-1)).toMatchObject({
      action: 'delete',
      details: { title: 'Doomed', services_deleted: 1 },
    });
    expect((await call('DELETE', `/api/admin/fee_categories/${id}`)).statusCode).toBe(404);
  });

  it.each([
    '999999',
    'abc',
    '-1',
    '0',
    '1.5',
    '99999999999999',
  ])('answers 404 for category id %s on GET, PUT and DELETE', async (id) => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(
        method,
        `/api/admin/fee_categories/${id}`,
        method === 'PUT' ? { title: 'Fine' } : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().error_messages).toBe('Fee category not found');
    }
  });
});

describe('fee services', () => {
  let categoryId: number;
  let otherCategoryId: number;
  beforeAll(async () => {
    categoryId = await newCategory('Services home');
    otherCategoryId = await newCategory('Services elsewhere');
  });

  it('creates a service with its price lines from multipart, amounts in euro', async () => {
    const service = await newService(categoryId, '  Skin prick test ', [
      ['Adult', '180'],
      ['Child', '85.50'],
      ['Comma', '€ 12,5'],
    ]);
    expect(service).toEqual({
      id: expect.any(Number),
      title: 'Skin prick test',
      fee_category_id: categoryId,
      prices: [
        { id: expect.any(Number), description: 'Adult', amount: 180 },
        { id: expect.any(Number), description: 'Child', amount: 85.5 },
        { id: expect.any(Number), description: 'Comma', amount: 12.5 },
      ],
    });
    const cents = await t.database.db
      .select({ amountCents: feePrices.amountCents })
      .from(feePrices)
      .where(eq(feePrices.feeServiceId, service.id))
      .orderBy(feePrices.position);
    expect(cents.map((row) => row.amountCents)).toEqual([18000, 8550, 1250]);

    const rows = await auditRows('fee_service', service.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      details: {
        fields: ['title', 'fee_category_id'],
        prices_added: 3,
        prices_updated: 0,
        prices_removed: 0,
      },
    });
  });

  it('creates a service without price lines, and from JSON with amounts as numbers', async () => {
    expect((await newService(categoryId, 'Free advice')).prices).toEqual([]);
    const response = await call('POST', '/api/admin/services', {
      service: {
        title: 'JSON service',
        fee_category_id: categoryId,
        prices_attributes: {
          0: { description: 'First', amount: 99.9 },
          1: { description: 'Zero', amount: 0 },
        },
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().service.prices).toEqual([
      { id: expect.any(Number), description: 'First', amount: 99.9 },
      { id: expect.any(Number), description: 'Zero', amount: 0 },
    ]);
  });

  it('ignores a new line marked _destroy, as Rails does', async () => {
    const response = await callMultipart('POST', '/api/admin/services', {
      'service[title]': 'Skips',
      'service[fee_category_id]': categoryId,
      'service[prices_attributes][0][description]': 'Kept',
      'service[prices_attributes][0][amount]': '5',
      'service[prices_attributes][1][description]': 'Dropped',
      'service[prices_attributes][1][amount]': '',
      'service[prices_attributes][1][_destroy]': 'true',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().service.prices.map((price: Price) => price.description)).toEqual(['Kept']);
  });

  const amountCases: [string, string][] = [
    ['', texts.required],
    ['   ', texts.required],
    ['-5', feeTexts.amountNegative],
    ['12.345', feeTexts.amountInvalid],
    ['abc', feeTexts.amountInvalid],
    ['1e5', feeTexts.amountInvalid],
    ['1,000.00', feeTexts.amountInvalid],
    ['Infinity', feeTexts.amountInvalid],
    ['100000.01', feeTexts.amountTooLarge],
    ['99999999999', feeTexts.amountInvalid],
  ];
  it.each(amountCases)('refuses the amount %j with a clear message', async (amount, message) => {
    const before = (await call('GET', `/api/admin/services?category_id=${categoryId}&per_page=100`)).json()
      .count;
    const response = await callMultipart('POST', '/api/admin/services', {
      'service[title]': 'Bad amount',
      'service[fee_category_id]': categoryId,
      'service[prices_attributes][0][description]': 'Fine',
      'service[prices_attributes][0][amount]': '10',
      'service[prices_attributes][1][description]': 'Broken',
      'service[prices_attributes][1][amount]': amount,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      error_messages: message,
      errors: { 'prices_attributes.1.amount': [message] },
    });
    const after = (await call('GET', `/api/admin/services?category_id=${categoryId}&per_page=100`)).json()
      .count;
    expect(after).toBe(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no title', { fee_category_id: 1 }, 'title', texts.required],
    ['a blank title', { title: ' ', fee_category_id: 1 }, 'title', texts.required],
    ['a long title', { title: 'x'.repeat(201), fee_category_id: 1 }, 'title', texts.tooLong],
    ['no category', { title: 'Fine' }, 'fee_category_id', texts.required],
    ['a blank category', { title: 'Fine', fee_category_id: '' }, 'fee_category_id', texts.required],
    [
      'a category that is not an id',
      { title: 'Fine', fee_category_id: 'abc' },
      'fee_category_id',
      feeTexts.categoryMissing,
    ],
    ['an unknown field', { title: 'Fine', fee_category_id: 1, colour: 'red' }, 'colour', 'Unknown field.'],
    [
      'a line without description',
      { title: 'Fine', fee_category_id: 1, prices_attributes: [{ amount: '10' }] },
      'prices_attributes.0.description',
      texts.required,
    ],
    [
      'a line with a blank description',
      { title: 'Fine', fee_category_id: 1, prices_attributes: [{ description: '  ', amount: '10' }] },
      'prices_attributes.0.description',
      texts.required,
    ],
    [
      'a line with a long description',
      {
        title: 'Fine',
        fee_category_id: 1,
        prices_attributes: [{ description: 'x'.repeat(301), amount: '10' }],
      },
      'prices_attributes.0.description',
      texts.tooLong,
    ],
    [
      'a line without amount',
      { title: 'Fine', fee_category_id: 1, prices_attributes: [{ description: 'Fine' }] },
      'prices_attributes.0.amount',
      texts.required,
    ],
    [
      'a line with an unknown field',
      {
        title: 'Fine',
        fee_category_id: 1,
        prices_attributes: [{ description: 'Fine', amount: '1', price: '1' }],
      },
      'prices_attributes.0.price',
      'Unknown field.',
    ],
    [
      'a line with a bad _destroy',
      { title: 'Fine', fee_category_id: 1, prices_attributes: [{ id: 1, _destroy: 'maybe' }] },
      'prices_attributes.0._destroy',
      feeTexts.destroyInvalid,
    ],
    [
      'a line with a bad id',
      { title: 'Fine', fee_category_id: 1, prices_attributes: [{ id: 'x', description: 'A', amount: '1' }] },
      'prices_attributes.0.id',
      feeTexts.priceNotOfService,
    ],
    [
      'price lines that are not a list',
      { title: 'Fine', fee_category_id: 1, prices_attributes: 'cheap' },
      'prices_attributes',
      feeTexts.pricesInvalid,
    ],
    [
      'too many price lines',
      {
        title: 'Fine',
        fee_category_id: 1,
        prices_attributes: Array.from({ length: 51 }, (_, index) => ({
          description: `L${index}`,
          amount: '1',
        })),
      },
      'prices_attributes',
      feeTexts.tooManyPrices,
    ],
  ])('refuses %s with 422', async (_name, service, field, message) => {
    const body = { ...service };
    if (body.fee_category_id === 1) body.fee_category_id = categoryId;
    const response = await call('POST', '/api/admin/services', { service: body });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('refuses a category that does not exist on create and update', async () => {
    const created = await call('POST', '/api/admin/services', {
      service: { title: 'Orphan', fee_category_id: 999999 },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual({
      code: 'fee_category_missing',
      error_messages: feeTexts.categoryMissing,
      errors: { fee_category_id: [feeTexts.categoryMissing] },
    });
    const service = await newService(categoryId, 'Stays home');
    const moved = await call('PUT', `/api/admin/services/${service.id}`, {
      service: { title: 'Renamed', fee_category_id: 999999 },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.fee_category_id).toEqual([feeTexts.categoryMissing]);
    expect((await call('GET', `/api/admin/services/${service.id}`)).json().service.title).toBe('Stays home');
  });

  it('refuses a price id on a new service', async () => {
    const other = await newService(categoryId, 'Owner', [['Owned', '1']]);
    const response = await call('POST', '/api/admin/services', {
      service: {
        title: 'Thief',
        fee_category_id: categoryId,
        prices_attributes: [{ id: other.prices[0]?.id, description: 'Stolen', amount: '2' }],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['prices_attributes.0.id']).toEqual([feeTexts.priceNotOfService]);
    const services = (await call('GET', `/api/admin/services?category_id=${categoryId}&search=Thief`)).json();
    expect(services.count).toBe(0);
  });

  it('adds, updates and removes price lines in one update (Rails nested attributes), and audits it', async () => {
    const service = await newService(categoryId, 'Nested', [
      ['Keep as is', '10'],
      ['Change me', '20'],
      ['Remove me', '30'],
    ]);
    const [keep, change, remove] = service.prices;
    if (!keep || !change || !remove) throw new Error('prices missing');
    const response = await callMultipart('PUT', `/api/admin/services/${service.id}`, {
      'service[title]': 'Nested, renamed',
      'service[prices_attributes][0][id]': change.id,
      'service[prices_attributes][0][description]': 'Changed',
      'service[prices_attributes][0][amount]': '25.75',
      'service[prices_attributes][1][description]': 'Added',
      'service[prices_attributes][1][amount]': '40',
      'service[prices_attributes][2][id]': remove.id,
      'service[prices_attributes][2][_destroy]': '1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().service).toEqual({
      id: service.id,
      title: 'Nested, renamed',
      fee_category_id: categoryId,
      prices: [
        { id: keep.id, description: 'Keep as is', amount: 10 },
        { id: change.id, description: 'Changed', amount: 25.75 },
        { id: expect.any(Number), description: 'Added', amount: 40 },
      ],
    });
    expect(await t.database.db.select().from(feePrices).where(eq(feePrices.id, remove.id))).toEqual([]);

    const rows = await auditRows('fee_service', service.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'update',
      details: { fields: ['title'], prices_added: 1, prices_updated: 1, prices_removed: 1 },
    });

    const destroyTrue = await call('PUT', `/api/admin/services/${service.id}`, {
      service: { title: 'Nested, renamed', prices_attributes: [{ id: keep.id, _destroy: 'true' }] },
    });
    expect(destroyTrue.json().service.prices.map((price: Price) => price.description)).toEqual([
      'Changed',
      'Added',
    ]);
  });

  it('refuses price lines of another service, or one listed twice, and changes nothing', async () => {
    const mine = await newService(categoryId, 'Mine', [['My price', '10']]);
    const theirs = await newService(categoryId, 'Theirs', [['Their price', '20']]);
    const myPrice = mine.prices[0]?.id;
    const theirPrice = theirs.prices[0]?.id;
    const attempts: [unknown[], string, string][] = [
      [
        [{ id: theirPrice, description: 'Hijacked', amount: '1' }],
        'prices_attributes.0.id',
        feeTexts.priceNotOfService,
      ],
      [
        [
          { description: 'New', amount: '1' },
          { id: theirPrice, _destroy: 'true' },
        ],
        'prices_attributes.1.id',
        feeTexts.priceNotOfService,
      ],
      [
        [
          { id: myPrice, description: 'A', amount: '1' },
          { id: myPrice, _destroy: '1' },
        ],
        'prices_attributes.1.id',
        feeTexts.priceRepeated,
      ],
    ];
    for (const [lines, field, message] of attempts) {
      const response = await call('PUT', `/api/admin/services/${mine.id}`, {
        service: { title: 'Mine, changed', prices_attributes: lines },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'fee_lines_invalid',
        error_messages: message,
        errors: { [field]: [message] },
      });
    }
    expect((await call('GET', `/api/admin/services/${mine.id}`)).json().service).toEqual(mine);
    expect((await call('GET', `/api/admin/services/${theirs.id}`)).json().service).toEqual(theirs);
  });

  it('moves a service to another category, last there', async () => {
    await newService(otherCategoryId, 'Already there');
    const service = await newService(categoryId, 'Mover');
    const response = await callMultipart('PUT', `/api/admin/services/${service.id}`, {
      'service[title]': 'Mover',
      'service[fee_category_id]': otherCategoryId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().service.fee_category_id).toBe(otherCategoryId);
    const there = (await call('GET', `/api/admin/services?category_id=${otherCategoryId}`)).json();
    expect(there.services.map((s: { title: string }) => s.title)).toEqual(['Already there', 'Mover']);
    expect((await auditRows('fee_service', service.id)).at(-1)?.details).toMatchObject({
      fields: ['fee_category_id'],
    });
  });

  it('refuses update input like create input', async () => {
    const service = await newService(categoryId, 'Checked');
    for (const [body, field, message] of [
      [{ title: '' }, 'title', texts.required],
      [
        { title: 'Fine', prices_attributes: [{ description: 'A', amount: '1.234' }] },
        'prices_attributes.0.amount',
        feeTexts.amountInvalid,
      ],
      [{ title: 'Fine', colour: 'red' }, 'colour', 'Unknown field.'],
    ] as const) {
      const response = await call('PUT', `/api/admin/services/${service.id}`, { service: body });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
  });

  it.each([
    '\u2028',
    '\u2029',
    '\u3164',
    '\u115f',
    '\u2800',
    '\u180b',
  ])('refuses %j in a title or a price line, naming the field (422)', async (separator) => {
    const category = await call('POST', '/api/admin/fee_categories', { title: `Skin${separator}tests` });
    expect(category.statusCode).toBe(422);
    expect(category.json()).toEqual({
      code: 'invalid_input',
      error_messages: texts.notAllowedCharacters,
      errors: { title: [texts.notAllowedCharacters] },
    });
    for (const [body, field] of [
      [{ title: `Patch${separator}test`, fee_category_id: categoryId }, 'title'],
      [
        {
          title: 'Patch test',
          fee_category_id: categoryId,
          prices_attributes: [{ description: `Adult${separator}child`, amount: '90' }],
        },
        'prices_attributes.0.description',
      ],
    ] as const) {
      const response = await call('POST', '/api/admin/services', { service: body });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('invalid_input');
      expect(response.json().errors).toEqual({ [field]: [texts.notAllowedCharacters] });
    }
  });

  it('lists the services of a category by position, searched and paged, with their prices', async () => {
    const category = await newCategory('Listing');
    const first = await newService(category, 'Alpha test', [['A', '1']]);
    const second = await newService(category, 'Beta TEST');
    await newService(category, 'Gamma');
    await newService(otherCategoryId, 'Alpha test elsewhere');

    const response = await call('GET', `/api/admin/services?category_id=${category}&search=test`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ services: [first, second], pages: 1, count: 2 });
    const paged = (await call('GET', `/api/admin/services?category_id=${category}&page=2&per_page=2`)).json();
    expect(paged).toMatchObject({ pages: 2, count: 3 });
    expect(paged.services.map((s: { title: string }) => s.title)).toEqual(['Gamma']);

    const everywhere = (await call('GET', '/api/admin/services?search=alpha%20test&per_page=100')).json();
    expect(everywhere.services.map((s: { title: string }) => s.title)).toEqual([
      'Alpha test',
      'Alpha test elsewhere',
    ]);
    const defaultPage = (await call('GET', '/api/admin/services')).json();
    expect(defaultPage.services.length).toBeLessThanOrEqual(10);
  });

  it('answers 404 for the services of a category that does not exist', async () => {
    const response = await call('GET', '/api/admin/services?category_id=999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().error_messages).toBe('Fee category not found');
  });

  it.each([
    'category_id=abc',
    'category_id=0',
    'page=0',
    'per_page=101',
    'title=x',
    'fee_category_id=1',
  ])('answers 422 for the services query %s', async (query) => {
    const response = await call('GET', `/api/admin/services?${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error_messages).toEqual(expect.any(String));
  });

  it('reads one service and deletes it with its prices, audited', async () => {
    const service = await newService(categoryId, 'Short lived', [
      ['One', '1'],
      ['Two', '2'],
    ]);
    const read = await call('GET', `/api/admin/services/${service.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ service });

    const response = await call('DELETE', `/api/admin/services/${service.id}`);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', `/api/admin/services/${service.id}`)).statusCode).toBe(404);
    expect(
      await t.database.db.select().from(feePrices).where(eq(feePrices.feeServiceId, service.id)),
    ).toEqual([]);
    expect((await auditRows('fee_service', service.id)).at(-1)).toMatchObject({
      action: 'delete',
      details: { title: 'Short lived', fee_category_id: categoryId, prices_deleted: 2 },
    });
    expect((await call('DELETE', `/api/admin/services/${service.id}`)).statusCode).toBe(404);
  });

  it.each([
    '999999',
    'abc',
    '-1',
    '0',
    '99999999999999',
  ])('answers 404 for service id %s on GET, PUT and DELETE', async (id) => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(
        method,
        `/api/admin/services/${id}`,
        method === 'PUT' ? { service: { title: 'Fine' } } : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().error_messages).toBe('Fee service not found');
    }
  });

  it('shows admin changes on the public fees list', async () => {
    const category = await newCategory('Public now');
    await newService(category, 'Visible service', [['Visible price', '42.50']]);
    const list = (await t.app.inject({ url: '/api/fee_categories?page=1&per_page=100' })).json();
    const shown = list.fee_categories.find((c: { id: number }) => c.id === category);
    expect(shown.services[0]).toMatchObject({
      title: 'Visible service',
      prices: [{ description: 'Visible price', amount: 42.5 }],
    });
  });
});

describe('a failing audit write', () => {
  /** Runs `attempt` while every audit insert fails, as a database refusing the entry would. */
  async function withAuditDown(attempt: () => Promise<void>): Promise<void> {
    const db = t.database.db;
    await db.execute(
      sql.raw(
        `create or replace function fail_audit() returns trigger as $$ begin raise exception 'audit down'; end $$ language plpgsql`,
      ),
    );
    await db.execute(
      sql.raw(
        'create trigger fail_audit before insert on audit_log for each row execute function fail_audit()',
      ),
    );
    try {
      await attempt();
    } finally {
      await db.execute(sql.raw('drop trigger fail_audit on audit_log'));
      await db.execute(sql.raw('drop function fail_audit()'));
    }
  }

  it('rolls back the change it audits: nothing is created, changed or deleted', async () => {
    const categoryId = await newCategory('Audited home');
    const service = await newService(categoryId, 'Audited', [
      ['Kept', '10'],
      ['Also kept', '20'],
    ]);
    const [first, second] = service.prices;
    if (!first || !second) throw new Error('prices missing');
    const servicesBefore = await t.database.db.select().from(feeServices).orderBy(feeServices.id);
    const categoriesBefore = await t.database.db.select().from(feeCategories).orderBy(feeCategories.id);

    await withAuditDown(async () => {
      const attempts = [
        await call('POST', '/api/admin/fee_categories', { title: 'Never saved' }),
        await call('PUT', `/api/admin/fee_categories/${categoryId}`, { title: 'Never renamed' }),
        await call('POST', '/api/admin/services', {
          service: {
            title: 'Never added',
            fee_category_id: categoryId,
            prices_attributes: [{ description: 'Never', amount: '1' }],
          },
        }),
        await call('PUT', `/api/admin/services/${service.id}`, {
          service: {
            title: 'Never changed',
            prices_attributes: [
              { id: first.id, description: 'Never', amount: '99' },
              { id: second.id, _destroy: 'true' },
              { description: 'Never added', amount: '5' },
            ],
          },
        }),
        await call('DELETE', `/api/admin/services/${service.id}`),
        await call('DELETE', `/api/admin/fee_categories/${categoryId}`),
      ];
      expect(attempts.map((response) => response.statusCode)).toEqual([500, 500, 500, 500, 500, 500]);
    });

    expect(await t.database.db.select().from(feeServices).orderBy(feeServices.id)).toEqual(servicesBefore);
    expect(await t.database.db.select().from(feeCategories).orderBy(feeCategories.id)).toEqual(
      categoriesBefore,
    );
    expect((await call('GET', `/api/admin/services/${service.id}`)).json().service).toEqual(service);
    expect((await auditRows('fee_service', service.id)).map((row) => row.action)).toEqual(['create']);
    expect((await auditRows('fee_category', categoryId)).map((row) => row.action)).toEqual(['create']);
  });
});
