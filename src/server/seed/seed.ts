import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { inArray, sql } from 'drizzle-orm';
import type { BookableKindKey } from '../../shared/price-list';
import type { Db } from '../db/database';
import {
  appointments,
  blogArticles,
  clinicSettings,
  faQuestions,
  feeCategories,
  feePrices,
  feeServices,
  type NewBlogArticle,
  type NewSlot,
  patients,
  payments,
  type Slot,
  slots,
  teamMembers,
} from '../db/schema';
import { kindPriceSetting } from '../modules/auth/clinic-settings';
import { articleExcerpt } from '../modules/blog/blog-repository';
import { addCalendarDays, clinicWallClock } from '../modules/slots/clinic-time';
import { liveClosuresWithin } from '../modules/slots/closure-repository';
import { irishPublicHolidays } from '../modules/slots/public-holidays';
import { storeUpload } from '../modules/uploads/file-repository';
import { type PreparedUpload, prepareUpload } from '../modules/uploads/upload-checks';
import {
  type SeedAppointment,
  seedAppointments,
  seedArticles,
  seedFaqs,
  seedFeeCategories,
  seedSlotSchedule,
  seedTeamMembers,
} from './seed-content';
import { seedCovers } from './seed-covers';

const CLINIC_TIME_ZONE = 'Europe/Dublin';

/** Serialises seeding, so two instances starting together on an empty database seed it once. */
const SEED_LOCK_KEY = 72_410_917_342;

/**
 * Fills an empty database (no team members, blog articles or FAQs) with demonstration content: team, blog,
 * FAQs, fees (unless some exist) and four weeks of available slots (unless some exist). All in one transaction.
 */
export async function seedDemonstrationContent(
  db: Db,
  options: { now?: Date } = {},
): Promise<{ seeded: boolean }> {
  const now = options.now ?? new Date();
  // Drawing the covers is slow work: done before the transaction, and only when it will be needed.
  if (await hasContent(db)) return { seeded: false };
  const covers = await prepareArticleCovers();
  const closed = await closedDaysAround(db, now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasContent(tx)) return { seeded: false };

    await tx
      .insert(teamMembers)
      .values(seedTeamMembers.map((member, index) => ({ ...member, order: index + 1 })));
    const articles = buildDemonstrationArticles(now);
    for (const article of articles) {
      const cover = covers.get(article.title);
      if (cover) {
        article.iconFileId = await storeUpload(tx, cover, 'public');
        article.iconAlt = seedCovers[article.title]?.alt ?? '';
      }
    }
    await tx.insert(blogArticles).values(articles);
    await tx.insert(faQuestions).values(seedFaqs.map((faq, index) => ({ ...faq, position: index + 1 })));

    const [anyCategory] = await tx.select({ id: feeCategories.id }).from(feeCategories).limit(1);
    if (!anyCategory) {
      const kindPrices: Partial<Record<(typeof kindPriceSetting)[BookableKindKey], number>> = {};
      for (const [categoryIndex, category] of seedFeeCategories.entries()) {
        const [categoryRow] = await tx
          .insert(feeCategories)
          .values({ title: category.title, position: categoryIndex + 1 })
          .returning({ id: feeCategories.id });
        if (!categoryRow) throw new Error('fee category was not created');
        for (const [serviceIndex, service] of category.services.entries()) {
          const [serviceRow] = await tx
            .insert(feeServices)
            .values({ feeCategoryId: categoryRow.id, title: service.title, position: serviceIndex + 1 })
            .returning({ id: feeServices.id });
          if (!serviceRow) throw new Error('fee service was not created');
          const priceRows = await tx
            .insert(feePrices)
            .values(
              service.prices.map((price, priceIndex) => ({
                feeServiceId: serviceRow.id,
                description: price.description,
                amountCents: Math.round(price.amountEuro * 100),
                position: priceIndex + 1,
              })),
            )
            .returning({ id: feePrices.id });
          for (const [priceIndex, price] of service.prices.entries()) {
            const id = priceRows[priceIndex]?.id;
            if (id === undefined) continue;
            for (const kind of price.kinds ?? []) kindPrices[kindPriceSetting[kind]] = id;
          }
        }
      }
      // The bookable kinds cost the price list's lines (one price list, decision 0022).
      if (Object.keys(kindPrices).length > 0)
        await tx
          .insert(clinicSettings)
          .values({ id: 1, ...kindPrices })
          .onConflictDoUpdate({ target: clinicSettings.id, set: kindPrices });
    }

    const [anySlot] = await tx.select({ id: slots.id }).from(slots).limit(1);
    if (!anySlot) {
      const demonstrationSlots = buildDemonstrationSlots(now, closed);
      const seededSlots =
        demonstrationSlots.length > 0 ? await tx.insert(slots).values(demonstrationSlots).returning() : [];
      const [anyAppointment] = await tx.select({ id: appointments.id }).from(appointments).limit(1);
      if (!anyAppointment) await seedDemonstrationAppointments(tx, now, seededSlots, closed);
    }
    return { seeded: true };
  });
}

/** How far back the demonstration's past appointments may go, in days. */
const PAST_DAYS = 60;

/**
 * The clinic days (YYYY-MM-DD) around `now` the seed makes no slot on: Ireland's public holidays (Christmas Day
 * among them), and every day of a closure already stored, whatever its place or hours.
 */
async function closedDaysAround(db: Db, now: Date): Promise<Set<string>> {
  const today = clinicWallClock(now).isoDay;
  const first = addCalendarDays(today, -PAST_DAYS);
  const last = addCalendarDays(today, seedSlotSchedule.days + 1);
  const closed = new Set((await irishPublicHolidays(first, last)).map((holiday) => holiday.date));
  for (const closure of await liveClosuresWithin(db, first, last)) {
    for (let day = closure.firstDay; day <= closure.lastDay; day = addCalendarDays(day, 1)) closed.add(day);
  }
  return closed;
}

/** Whether the seed leaves a clinic day (YYYY-MM-DD) without slots: closed, or Christmas Day whatever the rules say. */
const isClosedDay = (closed: ReadonlySet<string>, day: string) => closed.has(day) || day.endsWith('-12-25');

/** True when the database has any team member, blog article or FAQ: then the seed leaves it alone. */
async function hasContent(db: Db): Promise<boolean> {
  const [team] = await db.select({ id: teamMembers.id }).from(teamMembers).limit(1);
  const [article] = await db.select({ id: blogArticles.id }).from(blogArticles).limit(1);
  const [faq] = await db.select({ id: faQuestions.id }).from(faQuestions).limit(1);
  return Boolean(team || article || faq);
}

/** The width the covers are drawn at (16:9, like the article page's cover). */
const COVER_WIDTH = 1200;

/**
 * The demonstration articles' cover illustrations (seed-covers.ts) as PNG uploads, by article title: drawn
 * at 1200 × 675 and prepared exactly like a cover staff upload (checked from its bytes, WebP variants made).
 */
async function prepareArticleCovers(): Promise<Map<string, PreparedUpload>> {
  const { default: sharp } = await import('sharp');
  const prepared = await Promise.all(
    Object.entries(seedCovers).map(async ([title, cover]) => {
      const png = await sharp(Buffer.from(cover.svg), { density: (72 * COVER_WIDTH) / 640 })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const upload = await prepareUpload(
        { field: 'icon', fileName: cover.fileName, bytes: png },
        'image',
        'icon',
      );
      return [title, upload] as const;
    }),
  );
  return new Map(prepared);
}

/** The clinic-time instant of `hour:minute` on the day `offset` days from `now`'s clinic day. */
function clinicDayAt(now: Date, offset: number, hour: number, minute: number): Date {
  const today = new TZDate(now, CLINIC_TIME_ZONE);
  return new Date(
    new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + offset,
      hour,
      minute,
      CLINIC_TIME_ZONE,
    ).getTime(),
  );
}

/** How many days back the weekday `weekdaysAgo` open weekdays before `now`'s clinic day is (closed days skipped). */
function daysBackToWeekday(now: Date, weekdaysAgo: number, closed: ReadonlySet<string>): number {
  let days = 0;
  for (let left = weekdaysAgo; left > 0; ) {
    days += 1;
    const noon = clinicDayAt(now, -days, 12, 0);
    const weekday = new TZDate(noon, CLINIC_TIME_ZONE).getDay();
    if (weekday >= 1 && weekday <= 5 && !isClosedDay(closed, clinicWallClock(noon).isoDay)) left -= 1;
  }
  return days;
}

/** A booked slot `weekdaysAgo` weekdays back for a past appointment: tests from 09:00, video calls after them. */
function pastSlot(
  now: Date,
  kind: Pick<Slot, 'isAdult' | 'isVideoCall'>,
  weekdaysAgo: number,
  closed: ReadonlySet<string>,
): NewSlot {
  const schedule = seedSlotSchedule;
  const minute =
    schedule.firstSlot.hour * 60 +
    schedule.firstSlot.minute +
    (kind.isVideoCall ? schedule.inPersonSlotsPerDay : 0) * (schedule.lengthMinutes + schedule.gapMinutes);
  const startsAt = clinicDayAt(
    now,
    -daysBackToWeekday(now, weekdaysAgo, closed),
    Math.floor(minute / 60),
    minute % 60,
  );
  return {
    startsAt,
    endsAt: new Date(startsAt.getTime() + schedule.lengthMinutes * 60_000),
    status: 'booked',
    priceCents: kind.isVideoCall ? schedule.videoPriceCents : schedule.inPersonPriceCents,
    isAdult: kind.isAdult,
    isVideoCall: kind.isVideoCall,
    location: kind.isVideoCall ? null : kind.isAdult ? 'adult_1' : 'child',
  };
}

/**
 * The back office's demonstration appointments (`seedAppointments`), on the slots just seeded (marked booked) and
 * on past slots made for them: fictional patients, card payments in test mode (succeeded, no money moved), and
 * bookings made by staff. Plain rows, a few statements: the appointment service's e-mails are not queued.
 */
async function seedDemonstrationAppointments(
  tx: Db,
  now: Date,
  seededSlots: Slot[],
  closed: ReadonlySet<string>,
): Promise<void> {
  const upcoming = (kind: Pick<Slot, 'isAdult' | 'isVideoCall'>) =>
    seededSlots
      .filter((slot) => slot.isAdult === kind.isAdult && slot.isVideoCall === kind.isVideoCall)
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const plans: { plan: SeedAppointment; slot: Slot }[] = [];
  for (const plan of seedAppointments) {
    if ('upcoming' in plan.when) {
      const slot = upcoming(plan)[plan.when.upcoming];
      if (slot) plans.push({ plan, slot });
      continue;
    }
    const [slot] = await tx
      .insert(slots)
      .values(pastSlot(now, plan, plan.when.weekdaysAgo, closed))
      .returning();
    if (slot) plans.push({ plan, slot });
  }
  if (plans.length === 0) return;
  await tx
    .update(slots)
    .set({ status: 'booked' })
    .where(
      inArray(
        slots.id,
        plans.map(({ slot }) => slot.id),
      ),
    );

  const registered = (plan: SeedAppointment) => new Date(now.getTime() - plan.registeredHoursAgo * 3_600_000);
  const seededPatients = await tx
    .insert(patients)
    .values(
      plans.map(({ plan }) => ({
        firstName: plan.patient.firstName,
        lastName: plan.patient.lastName,
        email: plan.patient.email,
        phone: plan.patient.phone,
        dob: plan.patient.dob,
        isAdult: plan.isAdult,
        guardianFirstName: plan.patient.guardian?.firstName ?? null,
        guardianLastName: plan.patient.guardian?.lastName ?? null,
        consultantName: plan.patient.gp?.name ?? null,
        consultantAddress: plan.patient.gp?.address ?? null,
        consultantEmail: plan.patient.gp?.email ?? null,
        allergens: plan.patient.allergens ?? null,
        createdAt: registered(plan),
        updatedAt: registered(plan),
      })),
    )
    .returning({ id: patients.id });
  const seeded = await tx
    .insert(appointments)
    .values(
      plans.map(({ plan, slot }, index) => ({
        patientId: seededPatients[index]!.id,
        slotId: slot.id,
        status: plan.status,
        bookedByAdmin: plan.paid !== 'card',
        priceCents: slot.priceCents,
        paymentType: plan.paid === 'card' ? 'card' : plan.paid.bookedByAdmin,
        antihistamineConfirmed: plan.isVideoCall ? null : true,
        agreementAccepted: plan.isVideoCall ? null : true,
        createdAt: registered(plan),
        updatedAt: registered(plan),
      })),
    )
    .returning({ id: appointments.id });
  const paidByCard = plans.flatMap(({ plan, slot }, index) => {
    if (plan.paid !== 'card') return [];
    const paidAt = new Date(registered(plan).getTime() + 4 * 60_000);
    const appointmentId = seeded[index]!.id;
    return [
      {
        appointmentId,
        provider: 'test' as const,
        providerPaymentId: `pi_test_demo_${randomUUID().replace(/-/g, '')}`,
        idempotencyKey: `seed_${randomUUID()}`,
        amountCents: slot.priceCents,
        status: 'succeeded' as const,
        paidAt,
        customerEmail: plan.patient.email,
        createdAt: registered(plan),
        updatedAt: paidAt,
      },
    ];
  });
  if (paidByCard.length > 0) await tx.insert(payments).values(paidByCard);
}

/** The demonstration articles, published on earlier days at 10:00 clinic time. */
function buildDemonstrationArticles(now: Date): NewBlogArticle[] {
  const today = new TZDate(now, CLINIC_TIME_ZONE);
  return seedArticles.map((article) => ({
    title: article.title,
    slug: slugify(article.title),
    content: article.content,
    ...articleExcerpt(article.content),
    publishedAt: new Date(
      new TZDate(
        today.getFullYear(),
        today.getMonth(),
        today.getDate() - article.publishedDaysAgo,
        10,
        0,
        CLINIC_TIME_ZONE,
      ).getTime(),
    ),
  }));
}

/**
 * Available slots on the weekdays of the four weeks after `now`'s day, in clinic time: from 09:00 a run of
 * in-person slots, then video slots, each 30 minutes with a 10-minute gap; none on a `closed` day (YYYY-MM-DD) nor
 * on Christmas Day. Built from clinic-time wall clock values, so 09:00 stays 09:00 across daylight-saving changes.
 */
export function buildDemonstrationSlots(now: Date, closed: ReadonlySet<string> = new Set()): NewSlot[] {
  const schedule = seedSlotSchedule;
  const today = new TZDate(now, CLINIC_TIME_ZONE);
  const slots: NewSlot[] = [];
  for (let offset = 1; offset <= schedule.days; offset += 1) {
    const day = new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + offset,
      12,
      0,
      CLINIC_TIME_ZONE,
    );
    const weekday = day.getDay();
    if (weekday < 1 || weekday > 5) continue;
    if (isClosedDay(closed, clinicWallClock(new Date(day.getTime())).isoDay)) continue;
    const plan = schedule.byWeekday[weekday as 1 | 2 | 3 | 4 | 5];
    const total = schedule.inPersonSlotsPerDay + schedule.videoSlotsPerDay;
    for (let index = 0; index < total; index += 1) {
      const startMinute =
        schedule.firstSlot.hour * 60 +
        schedule.firstSlot.minute +
        index * (schedule.lengthMinutes + schedule.gapMinutes);
      const at = (minuteOfDay: number) =>
        new Date(
          new TZDate(
            day.getFullYear(),
            day.getMonth(),
            day.getDate(),
            Math.floor(minuteOfDay / 60),
            minuteOfDay % 60,
            CLINIC_TIME_ZONE,
          ).getTime(),
        );
      const isVideoCall = index >= schedule.inPersonSlotsPerDay;
      slots.push({
        startsAt: at(startMinute),
        endsAt: at(startMinute + schedule.lengthMinutes),
        status: 'available',
        priceCents: isVideoCall ? schedule.videoPriceCents : schedule.inPersonPriceCents,
        isAdult: plan.isAdult,
        isVideoCall,
        location: isVideoCall ? null : plan.location,
      });
    }
  }
  return slots;
}

function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
