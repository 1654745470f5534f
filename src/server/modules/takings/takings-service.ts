import { euroText } from '../../../shared/euro';
import { type PaymentMethod, paymentMethods } from '../../../shared/payment-states';
import type { TakingsDay, TakingsQuery, TakingsResponse } from '../../../shared/takings';
import type { Db } from '../../db/database';
import type { CsvCell } from '../../http/csv-export';
import { type AdminActor, auditChange } from '../audit/audit-log';
import { fullName } from '../patients/patient-name';
import { addCalendarDays, clinicDayRange, clinicWallClock } from '../slots/clinic-time';
import { moneyMovements, takingsByDay } from './takings-repository';

/** Cents and counts of one day (or the range), by method. */
interface Tally {
  paymentsCount: number;
  refundsCount: number;
  paid: Record<PaymentMethod, number>;
  refunded: Record<PaymentMethod, number>;
}

const noMoney = () =>
  Object.fromEntries(paymentMethods.map((method) => [method, 0])) as Record<PaymentMethod, number>;
const emptyTally = (): Tally => ({ paymentsCount: 0, refundsCount: 0, paid: noMoney(), refunded: noMoney() });
const sum = (cents: Record<PaymentMethod, number>) =>
  paymentMethods.reduce((total, method) => total + cents[method], 0);

function answerOf(tally: Tally) {
  const paid = sum(tally.paid);
  const refunded = sum(tally.refunded);
  return {
    payments_count: tally.paymentsCount,
    refunds_count: tally.refundsCount,
    paid: euroText(paid),
    refunded: euroText(refunded),
    net: euroText(paid - refunded),
    by_method: Object.fromEntries(
      paymentMethods.map((method) => [
        method,
        { paid: euroText(tally.paid[method]), refunded: euroText(tally.refunded[method]) },
      ]),
    ) as TakingsDay['by_method'],
  };
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
const apiDay = (isoDay: string) => `${isoDay.slice(8)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;

/**
 * The takings of a range of clinic days (both included): every day in order, those without money moving too, with
 * what was taken and given back by method, and the range's totals, from one query of sums by day and method; sums
 * in cents, written as euro with two decimals, so the figures add up to the cent.
 */
export async function takingsReport(db: Db, query: TakingsQuery): Promise<TakingsResponse> {
  const moved = await takingsByDay(db, query);
  const dates: string[] = [];
  for (let day = query.from; day <= query.to; day = addCalendarDays(day, 1)) dates.push(day);
  const days = dates.map(emptyTally);
  const totals = emptyTally();
  for (const [index, refunds, method, count, cents] of moved) {
    for (const tally of [days[index], totals]) {
      if (!tally) continue;
      if (refunds) {
        tally.refunded[method] += cents;
        tally.refundsCount += count;
      } else {
        tally.paid[method] += cents;
        tally.paymentsCount += count;
      }
    }
  }
  return {
    days: dates.map((day, index) => ({ date: apiDay(day), ...answerOf(days[index] ?? emptyTally()) })),
    totals: answerOf(totals),
  };
}

/**
 * Takings.csv of a range: a row a payment taken and a refund made, in the order they happened, with the patient's
 * name (personal data: the export is audited, with its range and how many rows, before the first byte).
 */
export async function exportTakingsForStaff(
  db: Db,
  actor: AdminActor,
  query: TakingsQuery,
): Promise<AsyncIterable<CsvCell[]>> {
  const movements = await moneyMovements(db, clinicDayRange(query.from, query.to));
  await auditChange(db, actor, 'export', 'takings', null, {
    format: 'csv',
    rows: movements.length,
    from: query.from,
    to: query.to,
  });
  return (async function* () {
    for (const row of movements) {
      const when = clinicWallClock(row.at);
      yield [
        when.data,
        when.time,
        row.kind,
        row.method,
        euroText(row.amountCents),
        row.firstName === null ? '' : fullName({ firstName: row.firstName, lastName: row.lastName ?? '' }),
        row.appointmentId,
        row.providerId,
        row.reason,
      ];
    }
  })();
}
