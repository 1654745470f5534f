import { z } from 'zod';
import { paymentMethods } from './payment-states';

/**
 * The takings (issue 32): money taken and given back, day by day in clinic time (Europe/Dublin), for the bookkeeper
 * (`GET /api/admin/takings`, its CSV `GET /api/admin/export_takings`, the `/admin/takings` screen). Amounts are euro
 * as text with two decimals ('180.00'), exact to the cent: sums of the payments and refunds recorded.
 */

/** The longest range asked at once: a year, a leap year's included. */
export const MAX_TAKINGS_DAYS = 366;

export const takingsTexts = {
  fromInvalid: 'from must be a real day as DD/MM/YYYY',
  toInvalid: 'to must be a real day as DD/MM/YYYY',
  reversed: 'to must not be before from',
  tooLong: `from and to may span at most ${MAX_TAKINGS_DAYS} days`,
} as const;

/** Days since 1970-01-01 of a real day 'DD/MM/YYYY' in the years 2000 to 2999, or undefined. */
function dayNumberOf(value: string): number | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return undefined;
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  if (year < 2000 || year > 2999) return undefined;
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return time / 86_400_000;
}

/** 'DD/MM/YYYY' → 'YYYY-MM-DD'. */
const isoDayOf = (value: string) => `${value.slice(6)}-${value.slice(3, 5)}-${value.slice(0, 2)}`;

const clinicDay = (message: string) =>
  z.string({ error: message }).refine((value) => dayNumberOf(value) !== undefined, message);

/**
 * `?from=DD/MM/YYYY&to=DD/MM/YYYY`, both clinic days included, `to` not before `from`, at most MAX_TAKINGS_DAYS
 * days; answered as YYYY-MM-DD.
 */
export const takingsQuerySchema = z
  .object({ from: clinicDay(takingsTexts.fromInvalid), to: clinicDay(takingsTexts.toInvalid) })
  .strict()
  .superRefine((query, context) => {
    const first = dayNumberOf(query.from);
    const last = dayNumberOf(query.to);
    if (first === undefined || last === undefined) return;
    if (last < first) context.addIssue({ code: 'custom', path: ['to'], message: takingsTexts.reversed });
    else if (last - first + 1 > MAX_TAKINGS_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: takingsTexts.tooLong });
    }
  })
  .transform((query) => ({ from: isoDayOf(query.from), to: isoDayOf(query.to) }));
export type TakingsQuery = z.output<typeof takingsQuerySchema>;

/** Euro with two decimals, as text: '180.00', '-20.50'. */
const euro = z.string();

const movedSchema = z.object({ paid: euro, refunded: euro });

/** The payments taken and the refunds made, by how: online by card, in cash or on the card terminal at the desk. */
const byMethodSchema = z.object(
  Object.fromEntries(paymentMethods.map((method) => [method, movedSchema])) as Record<
    (typeof paymentMethods)[number],
    typeof movedSchema
  >,
);

const takingsDaySchema = z.object({
  /** The clinic day, DD/MM/YYYY. */
  date: z.string(),
  /** The payments taken that day (their money came in that day). */
  payments_count: z.number().int(),
  /** The refunds made that day. */
  refunds_count: z.number().int(),
  /** Taken that day, given back that day, and the difference. */
  paid: euro,
  refunded: euro,
  net: euro,
  by_method: byMethodSchema,
});
export type TakingsDay = z.infer<typeof takingsDaySchema>;

export const takingsResponseSchema = z.object({
  /** Every day of the range, in order, those without money moving too. */
  days: z.array(takingsDaySchema),
  totals: z.object({
    payments_count: z.number().int(),
    refunds_count: z.number().int(),
    paid: euro,
    refunded: euro,
    net: euro,
    by_method: byMethodSchema,
  }),
});
export type TakingsResponse = z.infer<typeof takingsResponseSchema>;

/**
 * The columns of Takings.csv: one row a payment taken and a refund made, in the range, in the order they happened, so
 * a bookkeeper can match each card line with the provider's payout report by its id.
 */
export const takingsCsvColumns = [
  'Date',
  'Time',
  'Kind',
  'Method',
  'Amount (EUR)',
  'Patient name',
  'Appointment',
  'Provider id',
  'Reason',
] as const;
