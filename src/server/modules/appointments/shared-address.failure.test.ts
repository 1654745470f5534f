import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLDS_PER_MINUTE, MAX_HOLDS_PER_ADDRESS, slotTexts } from '../../../shared/slots';
import { adultForm, appointmentOf, createBookingTestApp, futureSlot } from '../../test/booking-fixtures';
import type { TestApp } from '../../test/test-app';

// Many people behind one address (an office, or a mobile network's CGNAT): each holds and books a time of their own,
// all at once, and none is refused for what the others hold. A script from one address, sending no hold token, is
// still stopped at the address's cap and then by the rate limit, each with its own 429 and code. On PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set (where the holds really race).

let t: TestApp;
beforeAll(async () => {
  t = await createBookingTestApp();
});
afterAll(() => t?.close());

const db = () => t.database.db;

const hold = (slotId: number, from: string, token?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/patient_sessions/${slotId}`,
    headers: token ? { 'x-hold-token': token } : {},
    remoteAddress: from,
  });

describe('one shared address', () => {
  it('lets 20 patients behind it each hold and book a time, all at once', async () => {
    const shared = '100.64.12.34';
    const patients = 20;
    const times = await Promise.all(Array.from({ length: patients }, () => futureSlot(db())));
    const outcomes = await Promise.all(
      times.map(async ({ id }, index) => {
        const held = await hold(id, shared);
        if (held.statusCode !== 200) return { step: 'hold', status: held.statusCode, body: held.body };
        const booked = await t.app.inject({
          method: 'POST',
          url: '/api/patients',
          headers: { 'x-hold-token': held.json().hold_token },
          payload: { patient: adultForm(id, { email: `patient${index}@example.ie` }) },
          remoteAddress: shared,
        });
        if (booked.statusCode !== 201) return { step: 'book', status: booked.statusCode, body: booked.body };
        return { step: 'done', status: 201, patientId: booked.json().patient.id as number };
      }),
    );
    expect(outcomes.filter((outcome) => outcome.step !== 'done')).toEqual([]);
    const appointments = await Promise.all(
      outcomes.map((outcome) => appointmentOf(db(), outcome.patientId as number)),
    );
    expect(appointments.map((appointment) => appointment.slotId).sort()).toEqual(
      times.map((time) => time.id).sort(),
    );
  });

  it('stops a script without hold tokens at the address cap (holds_limit), then slows it (rate_limited)', async () => {
    const script = '100.64.99.99';
    const times = await Promise.all(
      Array.from({ length: MAX_HOLDS_PER_ADDRESS + 1 }, () => futureSlot(db())),
    );
    const over = times.pop() as { id: number };
    for (const { id } of times) expect((await hold(id, script)).statusCode).toBe(200);

    let calls = times.length;
    const refused = await hold(over.id, script);
    calls += 1;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'holds_limit', error_messages: slotTexts.tooManyHolds(15) });
    while (calls < HOLDS_PER_MINUTE) {
      expect((await hold(over.id, script)).json().code).toBe('holds_limit');
      calls += 1;
    }
    const limited = await hold(over.id, script);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', error_messages: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Nobody else is held back by the script: another address holds the time it was refused.
    expect((await hold(over.id, '100.64.99.100')).statusCode).toBe(200);
  });
});
