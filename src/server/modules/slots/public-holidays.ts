import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '../../project-root';
import { addCalendarDays } from './clinic-time';
import type { PublicHoliday } from './closure-service';

/** Read from the sources at run time, like the migrations: the server's bundle leaves it out. */
const WORKER = path.join(projectRoot, 'src', 'server', 'modules', 'slots', 'irish-holidays.worker.mjs');

/** Each year's holidays, once worked out: a few lines a year, so a daily run starts no worker. */
const byYear = new Map<number, PublicHoliday[]>();

function holidaysOfYears(years: number[]): Promise<PublicHoliday[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { years } });
    worker.once('message', (found: PublicHoliday[]) => resolve(found));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the public holidays' worker stopped with code ${code}`));
    });
  });
}

const isWeekend = (day: string) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/**
 * A year's public holidays (by date) with the day off taken for each that falls on a Saturday or Sunday: the next
 * weekday that is not a holiday or another's day off already, named '… (substitute)'. Christmas on a Saturday
 * gives Monday, St Stephen's Day on the Sunday after it Tuesday; St Patrick's Day on a Sunday, Monday. The law
 * names no such day (an employee is owed a day or a day's pay instead), but banks, schools and most businesses
 * close on it, so the clinic does too. date-holidays' own substitute days are left out: it has St Stephen's Day's
 * only, on the Monday even when Christmas's takes that Monday.
 */
function withSubstituteDays(holidays: readonly PublicHoliday[]): PublicHoliday[] {
  const taken = new Set(holidays.map((holiday) => holiday.date));
  const substitutes: PublicHoliday[] = [];
  for (const holiday of [...holidays].sort((a, b) => a.date.localeCompare(b.date))) {
    if (!isWeekend(holiday.date)) continue;
    let day = addCalendarDays(holiday.date, 1);
    while (isWeekend(day) || taken.has(day)) day = addCalendarDays(day, 1);
    taken.add(day);
    substitutes.push({ date: day, name: `${holiday.name} (substitute)` });
  }
  return [...holidays, ...substitutes];
}

/**
 * Ireland's public holidays from one day to another (YYYY-MM-DD, both included), by date: date-holidays' rules
 * (`new Holidays('IE')`, type 'public'), worked out in a short-lived worker thread, with the weekday taken off
 * for each on a weekend (`withSubstituteDays`).
 */
export async function irishPublicHolidays(from: string, to: string): Promise<PublicHoliday[]> {
  const years: number[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) years.push(year);
  const missing = years.filter((year) => !byYear.has(year));
  if (missing.length > 0) {
    const found = await holidaysOfYears(missing);
    for (const year of missing) {
      const ofYear = found.filter((holiday) => Number(holiday.date.slice(0, 4)) === year);
      byYear.set(year, withSubstituteDays(ofYear));
    }
  }
  return years
    .flatMap((year) => byYear.get(year) ?? [])
    .filter((holiday) => holiday.date >= from && holiday.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date));
}
