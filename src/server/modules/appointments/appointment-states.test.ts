import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppointmentMove,
  type AppointmentStatus,
  appointmentMoves,
  appointmentStarts,
  appointmentStatuses,
} from '../../../shared/appointment-states';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/test-database';
import { insertAppointment, moveAppointment } from './appointment-repository';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Long before any move of the tests. */
const LONG_AGO = new Date('2020-01-01T00:00:00Z');

const appointmentIn = async (status: AppointmentStatus) =>
  (await insertAppointment(database.db, { status, priceCents: 18_000, scheduledAt: LONG_AGO })).id;

/**
 * The life docs/architecture.md draws, written out again by hand: a change of the table in
 * `appointment-states.ts` must be a change of this one too (and of the diagram).
 */
const expectedMoves: Record<
  AppointmentMove,
  { from: AppointmentStatus[]; to?: AppointmentStatus; schedules?: true; arrival?: 'stamp' | 'clear' }
> = {
  pay: { from: ['held'], to: 'paid', schedules: true },
  lose: { from: ['held'], to: 'cancelled' },
  refund: { from: ['paid'], to: 'refunded' },
  cancel: { from: ['held', 'booked', 'paid'], to: 'cancelled' },
  reschedule: { from: ['booked', 'paid'], schedules: true },
  flag: { from: ['booked', 'paid'] },
  dealWithFlag: { from: ['booked', 'paid', 'arrived', 'attended', 'no_show'] },
  arrive: { from: ['booked', 'paid'], to: 'arrived', arrival: 'stamp' },
  undoArrival: { from: ['arrived'], to: 'booked', arrival: 'clear' },
  undoPaidArrival: { from: ['arrived'], to: 'paid', arrival: 'clear' },
  attend: { from: ['booked', 'paid', 'arrived', 'no_show'], to: 'attended' },
  miss: { from: ['booked', 'paid', 'arrived', 'attended'], to: 'no_show' },
};

describe("an appointment's moves", () => {
  it('are the ones the architecture draws', () => {
    expect(appointmentMoves).toEqual(expectedMoves);
  });

  it('start from the two ways to book, and every state can be reached', () => {
    const reached = new Set<AppointmentStatus>(Object.values(appointmentStarts));
    for (const move of Object.values(appointmentMoves)) {
      if ('to' in move) reached.add(move.to);
    }
    expect([...reached].sort()).toEqual([...appointmentStatuses].sort());
  });

  it('end in cancelled or refunded for good: no move leads out of them', () => {
    for (const move of Object.values(appointmentMoves)) {
      expect(move.from).not.toContain('cancelled');
      expect(move.from).not.toContain('refunded');
    }
  });

  const cases = Object.entries(appointmentMoves).flatMap(([move, rule]) =>
    appointmentStatuses.map((from) => [move as AppointmentMove, from, rule] as const),
  );

  it.each(cases)('%s from %s is made only when the table allows it', async (move, from, rule) => {
    const id = await appointmentIn(from);
    const moved = await moveAppointment(database.db, id, move);
    if ((rule.from as readonly AppointmentStatus[]).includes(from)) {
      expect(moved?.status).toBe('to' in rule ? rule.to : from);
      // The moves that give it its time say when (reminders due before then are not sent); the others keep it.
      if ('schedules' in rule) expect(moved?.scheduledAt.getTime()).toBeGreaterThan(LONG_AGO.getTime());
      else expect(moved?.scheduledAt).toEqual(LONG_AGO);
      // Checking in stamps its time, undoing it clears it; the other moves keep it as it was.
      if ('arrival' in rule) expect(moved?.arrivedAt === null).toBe(rule.arrival === 'clear');
      else expect(moved?.arrivedAt).toBeNull();
    } else {
      expect(moved).toBeUndefined();
    }
  });

  it('reschedule changes the slot and counts a new calendar invite, keeping the state', async () => {
    const id = await appointmentIn('paid');
    const first = await moveAppointment(database.db, id, 'reschedule', { newInvite: true });
    expect(first).toMatchObject({ status: 'paid', calendarSequence: 1 });
    const second = await moveAppointment(database.db, id, 'reschedule', { newInvite: true });
    expect(second?.calendarSequence).toBe(2);
    const refused = await moveAppointment(database.db, await appointmentIn('cancelled'), 'reschedule', {
      newInvite: true,
    });
    expect(refused).toBeUndefined();
  });
});
