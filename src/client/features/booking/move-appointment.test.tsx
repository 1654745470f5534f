import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { clinic } from '../../../shared/clinic';
import { manageBookingTexts } from '../../../shared/manage-booking';
import { wayOutTexts } from '../../../shared/way-out';
import { firstFreeDayFrom } from '../../lib/free-slots-api';
import { NoTimeOffered } from './move-appointment';

describe('the move’s picker', () => {
  it('opens on the first free day on or after its first day, looking month by month', async () => {
    const free: Record<string, string[]> = {
      '2026-11': ['2026-11-30'],
      '2026-12': ['2026-12-02', '2026-12-09'],
    };
    const asked: string[] = [];
    const daysOf = async (month: string) => {
      asked.push(month);
      return free[month] ?? [];
    };
    expect(await firstFreeDayFrom('2026-11-29', daysOf)).toBe('2026-11-30');
    // After "could not stop", from the fifth day: the month's earlier free day is not offered.
    expect(await firstFreeDayFrom('2026-12-04', daysOf)).toBe('2026-12-09');
    asked.length = 0;
    expect(await firstFreeDayFrom('2027-01-03', daysOf)).toBeNull();
    expect(asked).toEqual(['2027-01', '2027-02', '2027-03', '2027-04', '2027-05']);
  });

  it('says plainly when no time is offered, with the clinic’s phone', () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, '');
    const afterFlag = renderToStaticMarkup(<NoTimeOffered afterCouldNotStop />);
    expect(text(afterFlag)).toBe(
      `${wayOutTexts.noTimeFarEnough} Please call us on ${clinic.phone} and we will find you one.`,
    );
    expect(afterFlag).toContain(`<a href="${clinic.phoneHref}">`);
    expect(text(renderToStaticMarkup(<NoTimeOffered afterCouldNotStop={false} />))).toContain(
      manageBookingTexts.noFreeTime,
    );
  });
});
