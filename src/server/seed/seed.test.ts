import { TZDate } from '@date-fns/tz';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import {
  appointments,
  blogArticles,
  clinicSettings,
  faQuestions,
  feeCategories,
  feePrices,
  feeServices,
  files,
  type NewSlot,
  patients,
  payments,
  slots,
  teamMembers,
} from '../db/schema';
import { irishPublicHolidays } from '../modules/slots/public-holidays';
import { createTestDatabase } from '../test/test-database';
import { buildDemonstrationSlots, seedDemonstrationContent } from './seed';
import { seedSlotSchedule } from './seed-content';

const TZ = 'Europe/Dublin';

function clinicTime(instant: Date) {
  const local = new TZDate(instant, TZ);
  return {
    day: `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`,
    weekday: local.getDay(),
    minuteOfDay: local.getHours() * 60 + local.getMinutes(),
  };
}

function firstSlotOfEachDay(rows: Pick<NewSlot, 'startsAt'>[]): Map<string, number> {
  const first = new Map<string, number>();
  for (const slot of rows) {
    const { day, minuteOfDay } = clinicTime(slot.startsAt);
    first.set(day, Math.min(first.get(day) ?? Number.POSITIVE_INFINITY, minuteOfDay));
  }
  return first;
}

let handle: DatabaseHandle;
const now = new Date();

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe('seedDemonstrationContent', () => {
  it('fills an empty database', async () => {
    expect(await seedDemonstrationContent(handle.db, { now })).toEqual({ seeded: true });
    const db = handle.db;

    const team = await db.select().from(teamMembers).orderBy(asc(teamMembers.order));
    expect(team.length).toBeGreaterThanOrEqual(5);
    expect(team.map((member) => member.order)).toEqual(team.map((_, index) => index + 1));
    expect(team.every((member) => member.logoFileId === null && member.description.length > 80)).toBe(true);

    const articles = await db.select().from(blogArticles);
    expect(articles.length).toBeGreaterThanOrEqual(6);
    for (const article of articles) {
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(article.content).toContain('<p>');
      expect(article.content).toContain('<h2>');
      expect(article.content).toContain('<ul>');
      expect(article.publishedAt.getTime()).toBeLessThan(now.getTime());
    }
    expect(new Set(articles.map((article) => clinicTime(article.publishedAt).day)).size).toBe(
      articles.length,
    );
    // Each has its own cover illustration, stored like a staff upload: a public PNG with its WebP variants.
    const coverIds = articles.map((article) => article.iconFileId);
    expect(coverIds.every(Boolean)).toBe(true);
    expect(new Set(coverIds).size).toBe(articles.length);
    // Each described for people who cannot see it, in a sentence of its own.
    expect(articles.every((article) => /^Illustration: .{20,}\.$/.test(article.iconAlt))).toBe(true);
    expect(new Set(articles.map((article) => article.iconAlt)).size).toBe(articles.length);
    const covers = await db
      .select({
        id: files.id,
        mimeType: files.mimeType,
        isPublic: files.isPublic,
        variantOf: files.variantOf,
      })
      .from(files)
      .where(inArray(files.id, coverIds as string[]));
    expect(covers.every((cover) => cover.mimeType === 'image/png' && cover.isPublic)).toBe(true);
    const variants = await db
      .select({ width: files.width, mimeType: files.mimeType })
      .from(files)
      .where(inArray(files.variantOf, coverIds as string[]));
    expect(variants).toHaveLength(articles.length * 2);
    expect(variants.every((variant) => variant.mimeType === 'image/webp')).toBe(true);

    const faqs = await db.select().from(faQuestions);
    expect(faqs.length).toBeGreaterThanOrEqual(10);
    expect(faqs.some((faq) => faq.asHtml)).toBe(true);
    expect(faqs.some((faq) => !faq.asHtml)).toBe(true);

    const categories = await db.select().from(feeCategories);
    const services = await db.select().from(feeServices);
    const prices = await db.select().from(feePrices);
    expect(categories.length).toBeGreaterThanOrEqual(4);
    const servicesPerCategory = categories.map(
      (category) => services.filter((service) => service.feeCategoryId === category.id).length,
    );
    expect(servicesPerCategory).toContain(1);
    expect(Math.max(...servicesPerCategory)).toBeGreaterThan(1);
    expect(services.every((service) => prices.some((price) => price.feeServiceId === service.id))).toBe(true);
    expect(prices.map((price) => price.amountCents)).toEqual(expect.arrayContaining([85_00, 180_00]));

    // One price list: the bookable kinds cost the lines the seeded slots are priced at.
    const [settings] = await db.select().from(clinicSettings);
    const amountOf = (id: number | null | undefined) => prices.find((price) => price.id === id)?.amountCents;
    expect(amountOf(settings?.adultTestPriceId)).toBe(seedSlotSchedule.inPersonPriceCents);
    expect(amountOf(settings?.childTestPriceId)).toBe(seedSlotSchedule.inPersonPriceCents);
    expect(amountOf(settings?.adultVideoPriceId)).toBe(seedSlotSchedule.videoPriceCents);
    expect(amountOf(settings?.childVideoPriceId)).toBe(seedSlotSchedule.videoPriceCents);
  });

  it('seeds weekday slots for the next four weeks from 09:00 clinic time, available but for the booked ones', async () => {
    const booked = new Set(
      (await handle.db.select({ slotId: appointments.slotId }).from(appointments)).map((row) => row.slotId),
    );
    const seeded = (await handle.db.select().from(slots).orderBy(asc(slots.startsAt))).filter(
      (slot) => slot.startsAt.getTime() > now.getTime(),
    );
    expect(seeded.length).toBeGreaterThanOrEqual(20 * 4);
    const horizon = now.getTime() + 29 * 24 * 60 * 60 * 1000;
    for (const slot of seeded) {
      expect(slot.status).toBe(booked.has(slot.id) ? 'booked' : 'available');
      expect(slot.startsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(slot.startsAt.getTime()).toBeLessThan(horizon);
      expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(30 * 60 * 1000);
      expect(clinicTime(slot.startsAt).weekday).toBeGreaterThanOrEqual(1);
      expect(clinicTime(slot.startsAt).weekday).toBeLessThanOrEqual(5);
      expect(slot.priceCents).toBe(slot.isVideoCall ? 85_00 : 180_00);
      if (slot.isVideoCall) expect(slot.location).toBeNull();
      else expect(slot.location).toEqual(slot.isAdult ? expect.stringMatching(/^adult_[12]$/) : 'child');
    }
    for (const minute of firstSlotOfEachDay(seeded).values()) expect(minute).toBe(9 * 60);
    const kinds = new Set(seeded.map((slot) => `${slot.isAdult}/${slot.isVideoCall}`));
    expect(kinds).toEqual(new Set(['true/true', 'true/false', 'false/true', 'false/false']));
  });

  it('seeds a morning of appointments for the back office: fictional patients, paid by card in test mode or booked by staff', async () => {
    const rows = await handle.db
      .select({ appointment: appointments, patient: patients, slot: slots })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .innerJoin(slots, eq(slots.id, appointments.slotId));
    const paid = await handle.db.select().from(payments);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((row) => row.slot.id)).size).toBe(10);
    for (const { appointment, patient, slot } of rows) {
      expect(slot.status).toBe('booked');
      expect(patient.isAdult).toBe(slot.isAdult);
      expect(patient.email ?? '@example.com').toMatch(/@example\.com$/);
      expect(appointment.createdAt.getTime()).toBeLessThan(Math.min(now.getTime(), slot.startsAt.getTime()));
      expect(appointment.priceCents).toBe(slot.priceCents);
      const payment = paid.find((row) => row.appointmentId === appointment.id);
      if (appointment.bookedByAdmin) {
        expect(payment).toBeUndefined();
        expect(appointment.paymentType).not.toBe('card');
      } else {
        expect(payment).toMatchObject({
          provider: 'test',
          status: 'succeeded',
          amountCents: slot.priceCents,
          providerPaymentId: expect.stringMatching(/^pi_test_/),
        });
        expect(payment?.paidAt).toBeInstanceOf(Date);
      }
      const started = slot.startsAt.getTime() < now.getTime();
      if (started) expect(['attended', 'no_show']).toContain(appointment.status);
      else expect(['paid', 'booked']).toContain(appointment.status);
      expect(appointment.status === 'paid' || appointment.status === 'booked').toBe(!started);
    }
    const statuses = rows.map((row) => row.appointment.status);
    expect(statuses.filter((status) => status === 'attended').length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 'no_show')).toHaveLength(1);
    expect(
      statuses.filter((status) => status === 'paid' || status === 'booked').length,
    ).toBeGreaterThanOrEqual(5);
    const kinds = new Set(rows.map((row) => `${row.slot.isAdult}/${row.slot.isVideoCall}`));
    expect(kinds).toEqual(new Set(['true/true', 'true/false', 'false/true', 'false/false']));
    expect(rows.some((row) => row.appointment.bookedByAdmin)).toBe(true);
    expect(rows.some((row) => !row.appointment.bookedByAdmin)).toBe(true);
    expect(rows.some((row) => /[áéíóúÁÉÍÓÚ]/.test(row.patient.firstName + row.patient.lastName))).toBe(true);
    expect(rows.some((row) => row.patient.email === null)).toBe(true);
  });

  it('seeds no slot on a public holiday, past or coming', async () => {
    const rows = await handle.db.select({ startsAt: slots.startsAt }).from(slots);
    const first = clinicTime(new Date(now.getTime() - 60 * 86_400_000)).day;
    const last = clinicTime(new Date(now.getTime() + 30 * 86_400_000)).day;
    const holidays = new Set((await irishPublicHolidays(first, last)).map((holiday) => holiday.date));
    expect(rows.filter((row) => holidays.has(clinicTime(row.startsAt).day))).toEqual([]);
  });

  it('seeds no slot on the weekday taken off for a holiday on a weekend (Christmas 2027 on a Saturday)', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemonstrationContent(other.db, { now: new Date('2027-12-20T12:00:00Z') });
      const rows = await other.db.select({ startsAt: slots.startsAt }).from(slots);
      const days = new Set(rows.map((row) => clinicTime(row.startsAt).day));
      for (const closed of ['2027-12-27', '2027-12-28', '2028-01-03'])
        expect(days.has(closed), closed).toBe(false);
      for (const open of ['2027-12-24', '2027-12-29', '2028-01-04']) expect(days.has(open), open).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('seeds nothing the second time', async () => {
    const countAll = async () => ({
      team: (await handle.db.select().from(teamMembers)).length,
      articles: (await handle.db.select().from(blogArticles)).length,
      faqs: (await handle.db.select().from(faQuestions)).length,
      categories: (await handle.db.select().from(feeCategories)).length,
      slots: (await handle.db.select().from(slots)).length,
      appointments: (await handle.db.select().from(appointments)).length,
      payments: (await handle.db.select().from(payments)).length,
    });
    const before = await countAll();
    expect(await seedDemonstrationContent(handle.db)).toEqual({ seeded: false });
    expect(await countAll()).toEqual(before);
  });
});

describe('buildDemonstrationSlots', () => {
  const cases = [
    { season: 'winter (GMT)', from: '2026-01-09T15:00:00Z', firstUtcHour: 9 },
    { season: 'summer (IST, UTC+1)', from: '2026-07-10T15:00:00Z', firstUtcHour: 8 },
  ];
  for (const { season, from, firstUtcHour } of cases) {
    it(`starts each day at 09:00 Dublin time in ${season}`, () => {
      const slots = buildDemonstrationSlots(new Date(from));
      const firsts = firstSlotOfEachDay(slots);
      expect(firsts.size).toBe(20);
      for (const minute of firsts.values()) expect(minute).toBe(9 * 60);
      expect(slots[0]?.startsAt.getUTCHours()).toBe(firstUtcHour);
      expect(slots[0]?.startsAt.getUTCMinutes()).toBe(0);
      // 30 minutes each, 10 minutes apart.
      expect(slots[1]!.startsAt.getTime() - slots[0]!.startsAt.getTime()).toBe(40 * 60 * 1000);
    });
  }

  it('keeps 09:00 across the daylight-saving changes', () => {
    for (const from of ['2026-03-16T12:00:00Z', '2026-10-12T12:00:00Z']) {
      const built = buildDemonstrationSlots(new Date(from));
      const utcHours = new Set(built.map((slot) => slot.startsAt.getUTCHours()));
      expect(utcHours.has(8) && utcHours.has(9)).toBe(true);
      for (const minute of firstSlotOfEachDay(built).values()) expect(minute).toBe(9 * 60);
    }
  });

  it('makes no slot on Christmas Day, nor on a closed day', () => {
    const days = new Set(
      buildDemonstrationSlots(new Date('2026-12-14T12:00:00Z')).map((slot) => clinicTime(slot.startsAt).day),
    );
    expect(days.has('2026-12-24')).toBe(true);
    expect(days.has('2026-12-25')).toBe(false);
    const closed = buildDemonstrationSlots(
      new Date('2026-12-14T12:00:00Z'),
      new Set(['2026-12-24', '2026-12-28']),
    );
    const open = new Set(closed.map((slot) => clinicTime(slot.startsAt).day));
    expect(open.has('2026-12-24') || open.has('2026-12-28')).toBe(false);
    expect(open.has('2026-12-23')).toBe(true);
  });

  it('starts the day after the clinic’s today, even late in the evening', () => {
    // 23:30 UTC on 31 May is already 00:30 on 1 June in Dublin: the first slot is on 2 June.
    const slots = buildDemonstrationSlots(new Date('2026-05-31T23:30:00Z'));
    expect(clinicTime(slots[0]!.startsAt).day).toBe('2026-06-02');
  });
});
