import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '../../project-root';
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

/**
 * Ireland's public holidays from one day to another (YYYY-MM-DD, both included), by date: date-holidays' rules
 * (`new Holidays('IE')`, type 'public'), worked out in a short-lived worker thread.
 */
export async function irishPublicHolidays(from: string, to: string): Promise<PublicHoliday[]> {
  const years: number[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) years.push(year);
  const missing = years.filter((year) => !byYear.has(year));
  if (missing.length > 0) {
    const found = await holidaysOfYears(missing);
    for (const year of missing) byYear.set(year, []);
    for (const holiday of found) byYear.get(Number(holiday.date.slice(0, 4)))?.push(holiday);
  }
  return years
    .flatMap((year) => byYear.get(year) ?? [])
    .filter((holiday) => holiday.date >= from && holiday.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date));
}
