import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppointmentStatus, appointmentStatuses } from '../../../shared/appointments';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/test-database';
import { insertAppointment, moveAppointment } from './appointment-repository';
import { type AppointmentMove, appointmentMoves, appointmentStarts } from './appointment-states';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const appointmentIn = async (status: AppointmentStatus) =>
  (await insertAppointment(database.db, { status, priceCents: 18_000 })).id;

describe("an appointment's moves", () => {
  it('start from the two ways to book, and every state can be reached', () => {
    const reached = new Set<AppointmentStatus>(Object.values(appointmentStarts));
    for (const move of Object.values(appointmentMoves)) {
      if ('to' in move) reached.add(move.to);
    }
    expect([...reached].sort()).toEqual([...appointmentStatuses].sort());
  });

  const cases = Object.entries(appointmentMoves).flatMap(([move, rule]) =>
    appointmentStatuses.map((from) => [move as AppointmentMove, from, rule] as const),
  );

  it.each(cases)('%s from %s is made only when the table allows it', async (move, from, rule) => {
    const id = await appointmentIn(from);
    const moved = await moveAppointment(database.db, id, move);
    if ((rule.from as readonly AppointmentStatus[]).includes(from)) {
      expect(moved?.status).toBe('to' in rule ? rule.to : from);
    } else {
      expect(moved).toBeUndefined();
    }
  });
});
