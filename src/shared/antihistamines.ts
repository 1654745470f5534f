import { monthNames, weekdayNames } from './day-names';
/**
 * The antihistamines a patient takes before an allergy test (`patient[antihistamines]`), and the days they stop
 * them: 5 days before the test for oral ones and cough, cold and sleep remedies, 3 days for nasal sprays and eye
 * drops (the spec's terms), "not sure" the 5-day day with a word to ask a pharmacist. Days are clinic days
 * (YYYY-MM-DD, Europe/Dublin), counted on the calendar, so a daylight-saving change between moves nothing.
 */

export const antihistamineChoices = [
  'none',
  'tablets',
  'nasal',
  'eye_drops',
  'cough_cold_sleep',
  'not_sure',
] as const;
export type AntihistamineChoice = (typeof antihistamineChoices)[number];

/** A medicine the patient stops (every choice but `none`). */
export type StoppedMedicine = Exclude<AntihistamineChoice, 'none'>;

/** Days before the test each is stopped. */
export const STOP_DAYS_BEFORE: Record<StoppedMedicine, number> = {
  tablets: 5,
  cough_cold_sleep: 5,
  not_sure: 5,
  nasal: 3,
  eye_drops: 3,
};

/** The longest and shortest leads: the two stop-day reminders (`stop_antihistamines`, `stop_nasal_antihistamines`). */
export const ORAL_STOP_DAYS = 5;
export const NASAL_STOP_DAYS = 3;

export const antihistamineTexts = {
  legend: 'Which antihistamines do you take?',
  legendChild: 'Which antihistamines does your child take?',
  why: 'Antihistamines stop the skin from reacting, so the test would not show your allergies. We will tell you the day to stop each one.',
  labels: {
    none: 'None',
    tablets: 'Tablets or syrup (for example cetirizine, loratadine, fexofenadine)',
    nasal: 'Nasal spray (for example azelastine)',
    eye_drops: 'Eye drops for allergies',
    cough_cold_sleep: 'Cough, cold or sleep remedies',
    not_sure: 'Not sure',
  } satisfies Record<AntihistamineChoice, string>,
  /**
   * The booking form's required tick (spec 5, `antihistamine`), under the question above: the days it promises are
   * the ones the confirmation gives for what was ticked, and the way out is there if they cannot.
   */
  promise:
    'I will stop taking antihistamines on the days you give me for what I take (5 days before the test; nasal sprays and eye drops 3 days before), and tell you if I could not.',
  unknown: 'Choose from the list.',
  noneWithOthers: "Choose 'None' on its own, or the medicines you take.",
  noneWithOthersChild: "Choose 'None' on its own, or the medicines your child takes.",
  nothingToStop: 'You told us you take no antihistamines: there is nothing to stop before the test.',
  askPharmacist:
    'Not sure whether a medicine is an antihistamine? Ask a pharmacist, or call us before the day to stop.',
} as const;

/** What to stop, in the words of "Stop … on Tuesday 1 December". */
const stopWhat: Record<StoppedMedicine, string> = {
  tablets: 'cetirizine-type tablets and syrups',
  cough_cold_sleep: 'cough, cold and sleep remedies that contain an antihistamine',
  not_sure: 'any medicine that may be an antihistamine',
  nasal: 'antihistamine nasal sprays',
  eye_drops: 'antihistamine eye drops',
};

/**
 * The choices of a comma-separated list (`tablets,nasal`), each once, in the list's order; `unknown` the values
 * outside it. An empty list is undefined (not answered).
 */
export function parseAntihistamines(
  value: string | undefined,
): { choices: AntihistamineChoice[]; unknown: string[] } | undefined {
  if (value === undefined) return undefined;
  const given = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (given.length === 0) return undefined;
  const known = new Set<string>(antihistamineChoices);
  return {
    choices: antihistamineChoices.filter((choice) => given.includes(choice)),
    unknown: given.filter((part) => !known.has(part)),
  };
}

/** What is wrong with the list, as a message (in a parent's words on a child's form), or nothing. */
export function antihistaminesProblem(value: string | undefined, child = false): string | undefined {
  const parsed = parseAntihistamines(value);
  if (!parsed) return undefined;
  if (parsed.unknown.length > 0) return antihistamineTexts.unknown;
  if (parsed.choices.includes('none') && parsed.choices.length > 1)
    return child ? antihistamineTexts.noneWithOthersChild : antihistamineTexts.noneWithOthers;
  return undefined;
}

/** The calendar day `days` after a YYYY-MM-DD day (earlier, negative). */
function plusDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** 'Tuesday 1 December' (the stop days are always within a week of the test, so no year). */
export function stopDayWords(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, date));
  return `${weekdayNames[utc.getUTCDay()]} ${utc.getUTCDate()} ${monthNames[utc.getUTCMonth()]}`;
}

export interface StopDay {
  medicine: StoppedMedicine;
  /** The clinic day, YYYY-MM-DD. */
  day: string;
  daysBefore: number;
  /** 'cetirizine-type tablets and syrups'. */
  what: string;
  /** Already behind on the day it is said (a test booked or moved at short notice): to stop now. */
  late: boolean;
  /**
   * 'Stop cetirizine-type tablets and syrups on Tuesday 1 December'; for a day already behind on `today` (a test
   * booked or moved at short notice), 'Stop … now: …', and to tell the clinic what was taken since.
   */
  text: string;
}

/**
 * The days to stop what the patient takes, for a test on clinic day `testDay`, earliest first. Not answered
 * (`null`: booked before the question, or by staff) stops every kind, as the spec's rule says. `today` (the clinic
 * day it is said on) words a day already behind as 'now'.
 */
export function stopDays(
  testDay: string,
  taken: readonly AntihistamineChoice[] | null,
  today?: string,
): StopDay[] {
  const medicines: StoppedMedicine[] =
    taken === null ? ['tablets', 'nasal'] : taken.filter((choice) => choice !== 'none');
  return medicines
    .map((medicine) => {
      const daysBefore = STOP_DAYS_BEFORE[medicine];
      const day = plusDays(testDay, -daysBefore);
      const what = stopWhat[medicine];
      const late = today !== undefined && day < today;
      const text = late
        ? `Stop ${what} now: they should be stopped ${daysBefore} days before the test (from ${stopDayWords(day)}). If you have taken any since, tell us when you arrive`
        : `Stop ${what} on ${stopDayWords(day)}`;
      return { medicine, day, daysBefore, what, late, text };
    })
    .sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * What a patient who told us they could not stop their antihistamines must stop again before a new time: what they
 * said they take, or (not asked, or 'None' though they could not stop) every kind, the spec's 5-day rule.
 */
export const takenAfterCouldNotStop = (
  taken: readonly AntihistamineChoice[] | null,
): readonly AntihistamineChoice[] | null => (taken?.some((choice) => choice !== 'none') ? taken : null);

/**
 * The first clinic day a test can be on for that patient, stopping from `today` (the clinic day): the day every
 * medicine they must stop has its stop day on `today` or later.
 */
export function firstDayToStopFrom(today: string, taken: readonly AntihistamineChoice[] | null): string {
  const medicines = takenAfterCouldNotStop(taken)?.filter((choice) => choice !== 'none') ?? ['tablets'];
  const lead = Math.max(...medicines.map((medicine) => STOP_DAYS_BEFORE[medicine as StoppedMedicine]));
  return plusDays(today, lead);
}

/**
 * 'too soon to stop antihistamine nasal sprays for the 3 days before it (from Saturday 5 December)': the words of a
 * test too close for the stop days that are already behind (`late`, earliest first), as the booking form and the
 * free move both say it.
 */
export function tooSoonToStopWords(late: readonly StopDay[]): string {
  const first = late[0];
  if (!first) return '';
  return `too soon to stop ${late.map((stop) => stop.what).join(' and ')} for the ${first.daysBefore} days before it (from ${stopDayWords(first.day)})`;
}

/** Whether the patient's answer asks for a word to ask a pharmacist. */
export const asksPharmacist = (taken: readonly AntihistamineChoice[] | null) =>
  taken?.includes('not_sure') === true;

/**
 * The UID of an appointment's stop-day event `daysBefore` the test, from its own event's UID: named by the lead, not
 * the date, so a move keeps it (a higher SEQUENCE moves the event) as the appointment's own UID is kept.
 */
const stopEventUid = (appointmentUid: string, daysBefore: number) =>
  appointmentUid.replace('@', `-stop-${daysBefore}@`);

/** One stop-day event of an invite: an all-day event on `day` (YYYY-MM-DD) with its alarm, or cancelled. */
export interface StopEvent {
  uid: string;
  day: string;
  /** The longest lead of the medicines stopped that day (what names its UID). */
  daysBefore: number;
  /** Dropped since an earlier invite (its day now falls on another one's): calendars take it off. */
  dropped: boolean;
}

/**
 * The invite's stop-day events: one for each distinct day to stop something (tablets 5 days before and a nasal
 * spray 3 days before are two events, tablets and cough remedies one), each with a UID named by its lead. A day
 * already behind `today` (booked or moved at short notice) is today, so two leads may fall on one day; the shorter
 * lead's event is then dropped, and once the invite has been sent before (`sequence` above 0) it is in the file as
 * cancelled, so a move that merges two days takes the other off the patient's calendar. Earliest first.
 */
export function stopEvents(
  appointmentUid: string,
  stops: readonly Pick<StopDay, 'day' | 'daysBefore'>[],
  { today, sequence }: { today?: string; sequence: number },
): StopEvent[] {
  const dayOf = (day: string) => (today !== undefined && day < today ? today : day);
  const leadOfDay = new Map<string, number>();
  for (const stop of stops) {
    const day = dayOf(stop.day);
    leadOfDay.set(day, Math.max(leadOfDay.get(day) ?? 0, stop.daysBefore));
  }
  const kept = new Set(leadOfDay.values());
  const dropped = new Map<number, string>();
  for (const stop of stops) {
    if (!kept.has(stop.daysBefore)) dropped.set(stop.daysBefore, dayOf(stop.day));
  }
  const event = (day: string, daysBefore: number, isDropped: boolean): StopEvent => ({
    uid: stopEventUid(appointmentUid, daysBefore),
    day,
    daysBefore,
    dropped: isDropped,
  });
  return [
    ...[...leadOfDay].map(([day, daysBefore]) => event(day, daysBefore, false)),
    ...(sequence > 0 ? [...dropped].map(([daysBefore, day]) => event(day, daysBefore, true)) : []),
  ].sort((a, b) => a.day.localeCompare(b.day) || b.daysBefore - a.daysBefore);
}

/** The stop-day event's words (the calendar names no medicine: a calendar may be shared). */
export const stopEventTexts = {
  title: (clinicName: string) => `${clinicName}: prepare for your allergy test`,
  description: (testDay: string, time: string) =>
    `Today is the day to start preparing for your allergy test on ${testDay} at ${time} (Dublin time): stop the medicines your confirmation e-mail names for this day.`,
  alarm: 'Prepare for your allergy test: stop the medicines named for today.',
} as const;

/** When the stop-day event's alarm rings on that day: 09:00, the reminders' time. */
export const STOP_ALARM_HOURS = 9;
