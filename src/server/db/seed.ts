import { TZDate } from '@date-fns/tz';
import { sql } from 'drizzle-orm';
import type { Db } from './database';
import {
  blogArticles,
  faQuestions,
  feeCategories,
  feePrices,
  feeServices,
  type NewBlogArticle,
  type NewSlot,
  slots,
  teamMembers,
} from './schema';
import { seedArticles, seedFaqs, seedFeeCategories, seedSlotSchedule, seedTeamMembers } from './seed-content';

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
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [team] = await tx.select({ id: teamMembers.id }).from(teamMembers).limit(1);
    const [article] = await tx.select({ id: blogArticles.id }).from(blogArticles).limit(1);
    const [faq] = await tx.select({ id: faQuestions.id }).from(faQuestions).limit(1);
    if (team || article || faq) return { seeded: false };

    await tx
      .insert(teamMembers)
      .values(seedTeamMembers.map((member, index) => ({ ...member, order: index + 1 })));
    await tx.insert(blogArticles).values(buildDemonstrationArticles(now));
    await tx.insert(faQuestions).values(seedFaqs.map((faq, index) => ({ ...faq, position: index + 1 })));

    const [anyCategory] = await tx.select({ id: feeCategories.id }).from(feeCategories).limit(1);
    if (!anyCategory) {
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
          await tx.insert(feePrices).values(
            service.prices.map((price, priceIndex) => ({
              feeServiceId: serviceRow.id,
              description: price.description,
              amountCents: Math.round(price.amountEuro * 100),
              position: priceIndex + 1,
            })),
          );
        }
      }
    }

    const [anySlot] = await tx.select({ id: slots.id }).from(slots).limit(1);
    if (!anySlot) {
      const demonstrationSlots = buildDemonstrationSlots(now);
      if (demonstrationSlots.length > 0) await tx.insert(slots).values(demonstrationSlots);
    }
    return { seeded: true };
  });
}

/** The demonstration articles, published on earlier days at 10:00 clinic time. */
export function buildDemonstrationArticles(now: Date): NewBlogArticle[] {
  const today = new TZDate(now, CLINIC_TIME_ZONE);
  return seedArticles.map((article) => ({
    title: article.title,
    slug: slugify(article.title),
    content: article.content,
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
 * in-person slots, then video slots, each 30 minutes with a 10-minute gap. Built from clinic-time wall
 * clock values, so 09:00 stays 09:00 across daylight-saving changes.
 */
export function buildDemonstrationSlots(now: Date): NewSlot[] {
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
