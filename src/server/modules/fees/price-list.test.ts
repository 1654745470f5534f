import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceListTexts } from '../../../shared/price-list';
import { auditLog, closures, feePrices, slots } from '../../db/schema';
import { clinicDayFromToday, clinicInstant, insertSlot } from '../../test/slot-fixtures';
import { type AdminTestApp, createAdminTestApp, signInAsNewStaff } from '../../test/test-app';

// One price list (issue 32, decision 0022): each bookable kind names a line of the fees page; the slot editor's
// default price and the booking page's name come from it, and a new amount of the line reprices the kind's future
// free slots.

let t: AdminTestApp;

beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, json?: object, headers = t.auth) {
  return t.app.inject({ method, url, headers, ...(json === undefined ? {} : { payload: json }) });
}

interface Line {
  id: number;
  description: string;
  amount: number;
}

/** A category with one service and its price lines; answers the service's id and lines. */
async function newService(category: string, title: string, prices: [string, string][]) {
  const created = await call('POST', '/api/admin/fee_categories', { title: category });
  expect(created.statusCode, created.body).toBe(201);
  const service = await call('POST', '/api/admin/services', {
    service: {
      title,
      fee_category_id: created.json().fee_category.id,
      prices_attributes: prices.map(([description, amount]) => ({ description, amount })),
    },
  });
  expect(service.statusCode, service.body).toBe(201);
  return service.json().service as { id: number; prices: Line[] };
}

const setLinks = (links: Record<string, number | null>, headers = t.auth) =>
  call('PUT', '/api/admin/settings', links, headers);

/** Changes one line's amount (its description kept) through the fees admin's save. */
const changeAmount = (serviceId: number, line: Line, amount: string) =>
  call('PUT', `/api/admin/services/${serviceId}`, {
    service: { title: 'Kept', prices_attributes: [{ id: line.id, description: line.description, amount }] },
  });

const priceOf = async (id: number) =>
  (await db().select({ cents: slots.priceCents }).from(slots).where(eq(slots.id, id)))[0]?.cents;

describe('the kinds’ price lines in Settings', () => {
  it('sets, answers and unsets a kind’s line, audited; leaving a kind out keeps it', async () => {
    const service = await newService('Settings tests', 'Skin prick test', [['Adult or child', '180']]);
    const line = service.prices[0] as Line;
    const set = await setLinks({ adult_test_price_id: line.id, child_test_price_id: line.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().settings).toMatchObject({
      adult_test_price_id: line.id,
      child_test_price_id: line.id,
      adult_video_price_id: null,
      child_video_price_id: null,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings_changed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toEqual({ adult_test_price_id: line.id, child_test_price_id: line.id });

    const kept = await setLinks({ child_test_price_id: null });
    expect(kept.json().settings).toMatchObject({ adult_test_price_id: line.id, child_test_price_id: null });
    expect((await call('GET', '/api/admin/settings')).json().settings.adult_test_price_id).toBe(line.id);
    await setLinks({ adult_test_price_id: null });
  });

  it('refuses an unknown line on its field (422), a line that is not an id, and other roles (403)', async () => {
    const unknown = await setLinks({ adult_video_price_id: 2_000_000_000, adult_test_price_id: null });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ adult_video_price_id: [priceListTexts.lineUnknown] });
    expect((await call('GET', '/api/admin/settings')).json().settings.adult_video_price_id).toBeNull();

    const notAnId = await setLinks({ child_video_price_id: 'the video one' as unknown as number });
    expect(notAnId.statusCode).toBe(422);
    expect(notAnId.json().errors.child_video_price_id).toEqual([priceListTexts.lineUnknown]);

    const service = await newService('Role tests', 'Video consultation', [['30 minutes', '85']]);
    for (const role of ['reception', 'clinician', 'bookkeeper'] as const) {
      const staff = await signInAsNewStaff(t, { role });
      const refused = await setLinks({ adult_video_price_id: service.prices[0]?.id ?? 0 }, staff.auth);
      expect(refused.statusCode, role).toBe(403);
    }
    expect((await call('GET', '/api/admin/settings')).json().settings.adult_video_price_id).toBeNull();
  });
});

describe('the default price of a kind’s slots', () => {
  it('is answered with the day (staff) and the calendar (visitors) while linked, and gone with its line', async () => {
    const service = await newService('Default tests', 'Video consultation', [['Up to 30 minutes', '92.5']]);
    const line = service.prices[0] as Line;
    const day = clinicDayFromToday(40);
    const dayOf = (isAdult: boolean, auth = t.auth) =>
      call('GET', `/api/admin/sessions?date=${day}&is_adult=${isAdult}&is_video_call=true`, undefined, auth);
    expect((await dayOf(false)).json()).toEqual({ sessions: [], price_list: null });

    expect((await setLinks({ child_video_price_id: line.id })).statusCode).toBe(200);
    const expected = {
      id: line.id,
      category: 'Default tests',
      service: 'Video consultation',
      description: 'Up to 30 minutes',
      amount: 92.5,
    };
    // Every role that edits slots reads it (the day is the availability permission's, not the settings').
    const clinician = await signInAsNewStaff(t, { role: 'clinician' });
    const staffDay = await dayOf(false, clinician.auth);
    expect(staffDay.statusCode, staffDay.body).toBe(200);
    expect(staffDay.json().price_list).toEqual(expected);
    expect((await dayOf(true)).json().price_list).toBeNull();

    await insertSlot(db(), { startsAt: clinicInstant(day, '10:00'), isAdult: false, isVideoCall: true });
    const range = `${day.replaceAll('-', '/')} - ${day.replaceAll('-', '/')}`;
    const calendar = await t.app.inject({
      url: `/api/calendar_slots?range_calendar=${encodeURIComponent(range)}&is_adult=false&is_video_call=true`,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(calendar.json().price_list).toEqual(expected);

    // The line is not removed while the kind costs it; unlinked in Settings first, it is.
    const removeLine = () =>
      call('PUT', `/api/admin/services/${service.id}`, {
        service: { title: 'Video consultation', prices_attributes: [{ id: line.id, _destroy: true }] },
      });
    const refused = await removeLine();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      code: 'fee_price_linked',
      error_messages: priceListTexts.linked('line', ['Video consultation, child']),
    });
    expect((await dayOf(false)).json().price_list).toEqual(expected);
    expect((await setLinks({ child_video_price_id: null })).statusCode).toBe(200);
    expect((await removeLine()).statusCode).toBe(200);
    expect((await dayOf(false)).json().price_list).toBeNull();
  });
});

describe('deleting what a kind costs (decision 0022)', () => {
  const settings = async () => (await call('GET', '/api/admin/settings')).json().settings;
  const auditCount = () => db().$count(auditLog);

  it('refuses a linked service or its category (409 naming the kinds), changing nothing; unlinked, both go', async () => {
    const service = await newService('Delete tests', 'Skin prick test', [
      ['Adult', '180'],
      ['Child', '160'],
    ]);
    const [adultLine, childLine] = service.prices as [Line, Line];
    const categoryId = (await call('GET', `/api/admin/services/${service.id}`)).json().service
      .fee_category_id;
    const other = await call('POST', '/api/admin/services', {
      service: {
        title: 'Not linked',
        fee_category_id: categoryId,
        prices_attributes: [{ description: 'Any', amount: '20' }],
      },
    });
    expect(other.statusCode, other.body).toBe(201);
    await setLinks({ adult_test_price_id: adultLine.id, child_test_price_id: childLine.id });
    const before = { settings: await settings(), audit: await auditCount() };

    const serviceDelete = await call('DELETE', `/api/admin/services/${service.id}`);
    expect(serviceDelete.statusCode, serviceDelete.body).toBe(409);
    expect(serviceDelete.json()).toEqual({
      code: 'fee_price_linked',
      error_messages:
        'This service has the price online booking charges for Allergy test, adult and Allergy test, child. Choose another line for them in Settings, Prices (an administrator can) first, then delete the service.',
    });
    const categoryDelete = await call('DELETE', `/api/admin/fee_categories/${categoryId}`);
    expect(categoryDelete.statusCode, categoryDelete.body).toBe(409);
    expect(categoryDelete.json()).toEqual({
      code: 'fee_price_linked',
      error_messages: priceListTexts.linked('category', ['Allergy test, adult', 'Allergy test, child']),
    });
    expect((await call('GET', `/api/admin/services/${service.id}`)).statusCode).toBe(200);
    expect(await settings()).toEqual(before.settings);
    expect(await auditCount()).toBe(before.audit);

    // A service of the category that no kind costs is deleted as before.
    expect((await call('DELETE', `/api/admin/services/${other.json().service.id}`)).statusCode).toBe(204);

    // One kind unlinked: the other still holds the service, and is the one named.
    await setLinks({ adult_test_price_id: null });
    expect((await call('DELETE', `/api/admin/services/${service.id}`)).json().error_messages).toBe(
      priceListTexts.linked('service', ['Allergy test, child']),
    );
    await setLinks({ child_test_price_id: null });
    expect((await call('DELETE', `/api/admin/fee_categories/${categoryId}`)).statusCode).toBe(204);
    // Every unlink was the administrator's, in Settings, audited there.
    const changes = await db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'settings_changed'))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(changes.map((entry) => entry.details)).toEqual([
      { child_test_price_id: null },
      { adult_test_price_id: null },
    ]);
  });
});

describe('deleting a line while it is linked (races on PostgreSQL)', () => {
  it('either refuses the delete (409) or the link (422), never both done with the link dropped unseen', async () => {
    for (let round = 0; round < 8; round += 1) {
      const service = await newService(`Race ${round}`, 'Video consultation', [['Any', '85']]);
      const line = service.prices[0] as Line;
      const [linked, deleted] = await Promise.all([
        setLinks({ adult_video_price_id: line.id }),
        call('DELETE', `/api/admin/services/${service.id}`),
      ]);
      const outcome = `${linked.statusCode}/${deleted.statusCode}`;
      expect(['200/409', '422/204'], `${outcome} ${linked.body} ${deleted.body}`).toContain(outcome);
      const { settings } = (await call('GET', '/api/admin/settings')).json();
      expect(settings.adult_video_price_id).toBe(linked.statusCode === 200 ? line.id : null);
      await setLinks({ adult_video_price_id: null });
    }
  });
});

describe('a new amount of a linked line', () => {
  it('reprices the kind’s future free slots in the same save, not held, booked, past or other kinds’, audited', async () => {
    const service = await newService('Repricing tests', 'Skin prick test', [
      ['Adult', '180'],
      ['Child', '160'],
    ]);
    const [adultLine, childLine] = service.prices as [Line, Line];
    await setLinks({ adult_test_price_id: adultLine.id, child_test_price_id: childLine.id });

    const day = clinicDayFromToday(30);
    const at = (time: string) => clinicInstant(day, time);
    const free = await insertSlot(db(), { startsAt: at('09:00') });
    const freeOther = await insertSlot(db(), { startsAt: at('09:40'), priceCents: 170_00 });
    const alreadyNew = await insertSlot(db(), { startsAt: at('10:20'), priceCents: 190_00 });
    const closed = await insertSlot(db(), { startsAt: at('11:00') });
    // Withdrawn by a closure (of that hour only): offered again at the new price if the closure is deleted.
    const [closure] = await db()
      .insert(closures)
      .values({
        firstDay: day,
        lastDay: day,
        fromMinute: 11 * 60,
        toMinute: 11 * 60 + 30,
        reason: 'Training',
      })
      .returning({ id: closures.id });
    await db().update(slots).set({ status: 'withdrawn', closureId: closure?.id }).where(eq(slots.id, closed));
    const held = await insertSlot(db(), {
      startsAt: at('11:40'),
      status: 'pending',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000),
    });
    const booked = await insertSlot(db(), { startsAt: at('12:20'), status: 'booked' });
    const past = await insertSlot(db(), { startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    const child = await insertSlot(db(), { startsAt: at('14:00'), isAdult: false, priceCents: 160_00 });
    const video = await insertSlot(db(), { startsAt: at('15:00'), isVideoCall: true });

    const saved = await changeAmount(service.id, adultLine, '190');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().repriced).toEqual([
      { kind: 'adult_test', label: 'Allergy test, adult', slots: 3, amount: 190 },
    ]);
    expect(saved.json().service.prices[0]).toMatchObject({ id: adultLine.id, amount: 190 });

    for (const id of [free, freeOther, alreadyNew, closed]) expect(await priceOf(id)).toBe(190_00);
    expect(await priceOf(held)).toBe(180_00);
    expect(await priceOf(booked)).toBe(180_00);
    expect(await priceOf(past)).toBe(180_00);
    expect(await priceOf(child)).toBe(160_00);
    expect(await priceOf(video)).toBe(85_00);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'slots_repriced'), eq(auditLog.entityId, String(adultLine.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'admin',
      entity: 'fee_price',
      details: {
        kind: 'adult_test',
        price_cents: 190_00,
        slots: 3,
        slot_ids: [free, freeOther, closed].sort((a, b) => a - b),
      },
    });

    // The staff day answers the new default too.
    const staffDay = await call('GET', `/api/admin/sessions?date=${day}&is_adult=true&is_video_call=false`);
    expect(staffDay.json().price_list.amount).toBe(190);
  });

  it('reprices every kind that costs the line; a description alone or an unlinked line reprices nothing', async () => {
    const service = await newService('Shared line tests', 'Video consultation', [
      ['Any age', '85'],
      ['Not linked', '50'],
    ]);
    const [shared, unlinked] = service.prices as [Line, Line];
    await setLinks({ adult_video_price_id: shared.id, child_video_price_id: shared.id });
    const day = clinicDayFromToday(31);
    const adult = await insertSlot(db(), { startsAt: clinicInstant(day, '09:00'), isVideoCall: true });
    const child = await insertSlot(db(), {
      startsAt: clinicInstant(day, '10:00'),
      isVideoCall: true,
      isAdult: false,
    });

    const renamed = await call('PUT', `/api/admin/services/${service.id}`, {
      service: {
        title: 'Video consultation',
        prices_attributes: [
          { id: shared.id, description: 'Any age, up to 30 minutes', amount: '85.00' },
          { id: unlinked.id, description: unlinked.description, amount: '55' },
        ],
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().repriced).toEqual([]);

    // The file's other tests left video slots of their own: every future free one of each kind is counted.
    const freeVideoSlots = async (isAdult: boolean) =>
      db().$count(
        slots,
        and(
          eq(slots.isVideoCall, true),
          eq(slots.isAdult, isAdult),
          eq(slots.status, 'available'),
          gt(slots.startsAt, new Date()),
        ),
      );
    const [adults, children] = [await freeVideoSlots(true), await freeVideoSlots(false)];
    const saved = await changeAmount(service.id, { ...shared, description: 'Any age' }, '95');
    expect(saved.json().repriced).toEqual([
      { kind: 'adult_video', label: 'Video consultation, adult', slots: adults, amount: 95 },
      { kind: 'child_video', label: 'Video consultation, child', slots: children, amount: 95 },
    ]);
    expect(await priceOf(adult)).toBe(95_00);
    expect(await priceOf(child)).toBe(95_00);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'slots_repriced'), inArray(auditLog.entityId, [String(shared.id)])));
    expect(entries.map((entry) => (entry.details as { kind: string }).kind).sort()).toEqual([
      'adult_video',
      'child_video',
    ]);
    await setLinks({ adult_video_price_id: null, child_video_price_id: null });
  });

  it('refuses a line a kind costs below the least a card can be charged, on its field, changing nothing', async () => {
    const service = await newService('Too low tests', 'Skin prick test', [['Adult', '180']]);
    const line = service.prices[0] as Line;
    await setLinks({ adult_test_price_id: line.id });
    const slot = await insertSlot(db(), { startsAt: clinicInstant(clinicDayFromToday(33), '09:00') });
    for (const amount of ['0', '0.49']) {
      const refused = await changeAmount(service.id, line, amount);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'fee_price_too_low',
        error_messages: priceListTexts.bookablePriceTooLow,
        errors: { 'prices_attributes.0.amount': [priceListTexts.bookablePriceTooLow] },
      });
    }
    expect(await priceOf(slot)).toBe(180_00);
    const line0 = await db()
      .select({ cents: feePrices.amountCents })
      .from(feePrices)
      .where(eq(feePrices.id, line.id));
    expect(line0[0]?.cents).toBe(180_00);
    // Not linked, a line may be free (a free first consultation on the fees page).
    await setLinks({ adult_test_price_id: null });
    expect((await changeAmount(service.id, line, '0')).statusCode).toBe(200);
  });
});
