import { expect } from 'vitest';
import { adultForm } from './booking-fixtures';
import type { ServerProcess } from './server-process';
import { clinicDayFromToday, clinicInstant } from './slot-fixtures';

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the API answered
  json: any;
}

/** An appointment as the back office lists it (`GET /api/admin/transactions`). */
export interface ListedAppointment {
  patient_id: number;
  id: number;
  /** Its latest payment's status; null for a booking without one. */
  status: string | null;
  appointment_status: string;
  transaction_id: string | null;
  session: { id: number; status: string };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The calls a patient and a member of staff make to a real server process (`startServerProcess`), over HTTP;
 * `staff` is the admin the server was started with (ADMIN_EMAIL, ADMIN_PASSWORD).
 */
export function serverClient(server: ServerProcess, staff: { email: string; password: string }) {
  const call = async (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer> => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  };
  let adminToken: string | undefined;
  const admin = async (method: string, url: string, body?: unknown) => {
    if (!adminToken) {
      const login = await call('POST', '/api/admin/autorization/login', staff);
      expect(login.status, JSON.stringify(login.json)).toBe(200);
      adminToken = login.json.data.token.auth_token as string;
    }
    return call(method, url, body, { authorization: `Bearer ${adminToken}` });
  };
  const listPage = async (page: number, search?: string) => {
    // Refunded and cancelled ones too: a refund takes the appointment off the list's default view.
    const query = new URLSearchParams({ page: String(page), per_page: '100', include_cancelled: 'true' });
    if (search) query.set('search_transaction', search);
    const list = await admin('GET', `/api/admin/transactions?${query}`);
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    return list.json as { transactions: ListedAppointment[]; pages: number };
  };

  /** `count` 30-minute slots back to back on the clinic day `day` days from today, from `firstMinute` (of the day). */
  const newSlots = async (day: number, count: number, firstMinute = 6 * 60): Promise<number[]> => {
    const date = clinicDayFromToday(day);
    const starts = Array.from({ length: count }, (_, index) => {
      const minute = firstMinute + index * 30;
      return clinicInstant(date, `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`);
    });
    const saved = await admin('POST', '/api/admin/sessions', {
      sessions_create: starts.map((start) => ({
        start_date: start,
        end_date: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        is_adult: true,
        is_video_call: false,
        price: 180,
        location: 'adult_1',
      })),
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    // The answer lists every slot of the day and kind: ours are the ones that start when we asked.
    const slots = saved.json.sessions as { id: number; starts_at: string }[];
    return starts.map((start) => slots.find((slot) => slot.starts_at === start)?.id ?? 0);
  };

  return {
    call,
    admin,
    newSlots,
    /** A slot of its own at 10:00 on the clinic day `day` days from today, as staff publish it; answers its id. */
    async newSlot(day: number): Promise<number> {
      const [id] = await newSlots(day, 1, 10 * 60);
      return id!;
    },
    /** Holds the slot (with the hold's own token, when given) and books it; answers the booking. */
    async book(
      slotId: number,
      options: {
        ownHoldToken?: string;
        headers?: Record<string, string>;
        form?: Record<string, unknown>;
      } = {},
    ) {
      const { ownHoldToken, headers = {} } = options;
      const held = await call(
        'PUT',
        `/api/patient_sessions/${slotId}`,
        undefined,
        ownHoldToken ? { ...headers, 'x-hold-token': ownHoldToken } : headers,
      );
      expect(held.status, JSON.stringify(held.json)).toBe(200);
      const holdToken = held.json.hold_token as string;
      const booked = await call(
        'POST',
        '/api/patients',
        { patient: adultForm(slotId, options.form) },
        { ...headers, 'x-hold-token': holdToken },
      );
      expect(booked.status, JSON.stringify(booked.json)).toBe(201);
      return {
        patientId: booked.json.patient.id as number,
        token: booked.json.patient.access_token as string,
        holdToken,
      };
    },
    /** Pays an appointment with the test card that succeeds. */
    pay(appointment: { patientId: number; token: string }, headers: Record<string, string> = {}) {
      return call(
        'POST',
        '/api/payments',
        { patient_id: appointment.patientId, token: 'pm_card_visa', price: 18_000 },
        { ...headers, 'x-booking-token': appointment.token },
      );
    },
    /** The appointment of a patient, as the back office lists it (`search`: its e-mail, when there are many). */
    async appointmentOf(patientId: number, search?: string): Promise<ListedAppointment | undefined> {
      return (await listPage(1, search)).transactions.find((row) => row.patient_id === patientId);
    },
    /** Every appointment, as the back office lists them. */
    async appointments(): Promise<ListedAppointment[]> {
      const all: ListedAppointment[] = [];
      for (let page = 1; ; page += 1) {
        const { transactions: rows, pages } = await listPage(page);
        all.push(...rows);
        if (page >= pages) return all;
      }
    },
  };
}

export type ServerClient = ReturnType<typeof serverClient>;
