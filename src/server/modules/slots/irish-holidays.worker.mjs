// Ireland's public holidays of the years asked (`workerData.years`), posted back as [{ date: 'YYYY-MM-DD', name }].
// Run in a worker thread of its own (public-holidays.ts): date-holidays carries every country's rules, some 12 MB of
// heap once loaded, which the server would keep for its whole life; the worker's memory goes when it ends.
import { parentPort, workerData } from 'node:worker_threads';
import Holidays from 'date-holidays';

const holidays = new Holidays('IE');
const found = [];
for (const year of workerData.years) {
  for (const holiday of holidays.getHolidays(year)) {
    if (holiday.type === 'public') found.push({ date: holiday.date.slice(0, 10), name: holiday.name });
  }
}
parentPort.postMessage(found);
