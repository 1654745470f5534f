import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { listAppointments, setAttendance } from '../../../shared/api/appointment-admin-endpoints';
import { getDashboard, getDeskDay } from '../../../shared/api/dashboard-admin-endpoints';
import { type AttendanceMark, attendanceMessages, MARK_LABELS } from '../../../shared/attendance';
import type { DeskAppointment, DeskDayResponse } from '../../../shared/desk-day';
import { ExportCsvButton } from '../../components/data-table/export-csv-button';
import { DayInput } from '../../components/day-input/day-input';
import { formatLongDate } from '../../components/month-calendar/month-grid';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { PaymentBadge } from '../../components/payment-badge/payment-badge';
import { StateBadge } from '../../components/state-badge/state-badge';
import { callEndpoint } from '../../lib/api-client';
import { clinicToday } from '../../lib/clinic-clock';
import { invalidateEndpoints } from '../../lib/invalidate-endpoints';
import type { RouteHandle } from '../../lib/route-handle';
import { useRoleCan } from '../../lib/use-role-can';
import { appointmentEditPath, statusTone } from './appointment-labels';
import { type DeskDayChoice, deskDayCsvUrl, deskDayKey, useDeskDay } from './appointments-admin-api';
import {
  arrivalState,
  dayOfAddress,
  daySummary,
  deskDayPath,
  deskMarks,
  deskPatientName,
  deskPlaceOptions,
  isDeskPlace,
  markedRow,
  rowsByPlace,
} from './desk-day-labels';
import './desk-day.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Today at the desk – Back office',
    description: 'The clinic day’s appointments at the desk: who comes when, and who has arrived.',
    noindex: true,
  }),
};

/** DD/MM/YYYY of a clinic day, as the marks compare it. */
const apiDate = (day: string) => day.split('-').reverse().join('/');

interface Pending {
  id: number;
  mark: AttendanceMark;
}

/**
 * One press marks a row: the row shows the mark at once, the server is asked, and the day is patched with its
 * answer (then read again with everything else an attendance changes). The focus goes to the row's first
 * button after the mark (Undo arrival after Mark arrived), so the desk can undo a slip at once.
 */
function useDeskMarks(choice: DeskDayChoice) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [pending, setPending] = useState<Pending | null>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);

  const mark = async (row: DeskAppointment, next: AttendanceMark) => {
    if (pending) return;
    setPending({ id: row.id, mark: next });
    setFocusRow(row.id);
    try {
      const answer = await callEndpoint(setAttendance, { params: { id: row.id }, json: { status: next } });
      queryClient.setQueryData<DeskDayResponse>(deskDayKey(choice), (day) =>
        day
          ? {
              ...day,
              appointments: day.appointments.map((each) =>
                each.id === row.id
                  ? {
                      ...markedRow(each, next),
                      status: answer.transaction.appointment_status,
                      arrived_at: answer.transaction.arrived_at,
                    }
                  : each,
              ),
            }
          : day,
      );
      notify.success(attendanceMessages[next]);
      void invalidateEndpoints(queryClient, [getDashboard, listAppointments]);
    } catch (error) {
      notifyApiError(notify, error);
    } finally {
      setPending(null);
      void invalidateEndpoints(queryClient, [getDeskDay]);
    }
  };
  return { mark, pending, focusRow, clearFocus: () => setFocusRow(null) };
}

function ArrivalCell({
  row,
  today,
  mayWrite,
  pending,
  onMark,
}: {
  row: DeskAppointment;
  today: string;
  mayWrite: boolean;
  pending: Pending | null;
  onMark: (mark: AttendanceMark) => void;
}) {
  const marks = mayWrite ? deskMarks(row, today) : [];
  const name = deskPatientName(row);
  const state = arrivalState(row);
  return (
    <div className="desk-arrival">
      {state && <span className={row.arrived_at ? 'desk-arrival__time' : 'desk-arrival__none'}>{state}</span>}
      {(row.status === 'attended' || row.status === 'no_show') && (
        <StateBadge tone={statusTone(row.status)}>{row.status_label}</StateBadge>
      )}
      {marks.length > 0 && (
        <span className="desk-arrival__buttons">
          {marks.map((move) => (
            <button
              key={move}
              type="button"
              className={`button button--small ${move === 'arrived' ? 'button--primary' : 'button--secondary'}`}
              aria-disabled={pending !== null || undefined}
              onClick={() => onMark(move)}
            >
              {pending?.id === row.id && pending.mark === move ? 'Saving…' : MARK_LABELS[move]}
              <span className="visually-hidden"> {name}</span>
            </button>
          ))}
        </span>
      )}
    </div>
  );
}

function DayTable({
  rows,
  today,
  mayWrite,
  marks,
  label,
}: {
  rows: DeskAppointment[];
  today: string;
  mayWrite: boolean;
  marks: ReturnType<typeof useDeskMarks>;
  label: string;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { focusRow, clearFocus, pending } = marks;
  // A role that may not read patients' phones (the bookkeeper) gets none: the column goes.
  const withPhones = rows.some((row) => row.phone !== undefined);
  // After a press its button may go (Mark arrived becomes Undo arrival): the focus moves to the row's first button
  // then, or its name.
  useEffect(() => {
    if (focusRow === null) return;
    const rowElement = bodyRef.current?.querySelector(`[data-row="${focusRow}"]`);
    const active = document.activeElement;
    if (rowElement && !(active instanceof HTMLButtonElement && rowElement.contains(active))) {
      (
        rowElement.querySelector<HTMLElement>('.desk-arrival button') ?? rowElement.querySelector('a')
      )?.focus();
    }
    if (pending === null) clearFocus();
  });

  return (
    <table className="desk-table">
      <caption className="visually-hidden">{label}</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Patient</th>
          {withPhones && <th scope="col">Phone</th>}
          <th scope="col">Kind</th>
          <th scope="col">Paid</th>
          <th scope="col">Arrival</th>
        </tr>
      </thead>
      <tbody ref={bodyRef}>
        {rows.map((stored) => {
          const row = pending?.id === stored.id ? markedRow(stored, pending.mark) : stored;
          return (
            <tr key={row.id} data-row={row.id}>
              <td className="desk-table__time" data-label="Time">
                <div>
                  <time dateTime={row.starts_at}>{row.start_time}</time>–{row.end_time}
                </div>
              </td>
              <th scope="row" className="desk-table__name" data-label="Patient">
                <div>
                  <Link to={appointmentEditPath(row.id)}>{deskPatientName(row)}</Link>
                </div>
              </th>
              {withPhones && (
                <td data-label="Phone">
                  <div>
                    {row.phone ? <a href={`tel:${row.phone.replace(/\s+/g, '')}`}>{row.phone}</a> : '—'}
                  </div>
                </td>
              )}
              <td data-label="Kind">
                <div>
                  {row.kind}
                  <span className="desk-table__detail">
                    {row.appointment_type} · {row.place}
                  </span>
                </div>
              </td>
              <td data-label="Paid">
                <div>
                  <PaymentBadge
                    status={row.payment_status}
                    amount={row.amount}
                    balanceDue={row.balance_due}
                    label={row.payment_status_label}
                  />
                </div>
              </td>
              <td data-label="Arrival">
                <ArrivalCell
                  row={row}
                  today={today}
                  mayWrite={mayWrite}
                  pending={pending}
                  onMark={(next) => void marks.mark(stored, next)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The sheet printed for the day: one place a page, times and names only. */
function DaySheet({ rows, day }: { rows: DeskAppointment[]; day: string }) {
  return (
    <div className="desk-sheet">
      {rowsByPlace(rows).map((group) => (
        <section key={group.place} className="desk-sheet__place">
          <h2 className="desk-sheet__title">
            {group.label}
            <span className="desk-sheet__date">{formatLongDate(day)}</span>
          </h2>
          <table className="desk-sheet__table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Patient</th>
              </tr>
            </thead>
            <tbody>
              {group.rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    {row.start_time}–{row.end_time}
                  </td>
                  <td>{deskPatientName(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

/**
 * /admin/today: the desk's day (`?date=YYYY-MM-DD`, today in clinic time when left out; `&location=` one place):
 * each appointment's time, patient, phone, kind and payment, with one press to check the patient in; a day
 * sheet to print, one place a page, and the day's CSV.
 */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const today = clinicToday();
  const day = dayOfAddress(searchParams.get('date')) ?? today;
  const locationParam = searchParams.get('location');
  const place = isDeskPlace(locationParam) ? locationParam : undefined;
  const choice: DeskDayChoice = { day, place };
  const deskDay = useDeskDay(choice);
  const marks = useDeskMarks(choice);
  const mayWrite = useRoleCan('appointments_write');
  const mayExport = useRoleCan('appointments_export');
  const dateId = useId();
  const placeId = useId();
  const rows = deskDay.data?.appointments ?? [];
  // The server's today, once it answered: the browser's clock may be off.
  const clinicDay = deskDay.data?.today ?? today;

  const choose = (next: Partial<DeskDayChoice>) => {
    const path = deskDayPath({ day, place, ...next }, today);
    setSearchParams(new URLSearchParams(path.split('?')[1] ?? ''), { preventScrollReset: true });
  };

  return (
    <div className="desk-day">
      <div className="admin-page__header desk-day__header">
        <h1 className="admin-page__title">
          {day === today ? 'Today at the desk' : 'At the desk'}
          <span className="desk-day__date">{formatLongDate(day)}</span>
        </h1>
        <div className="desk-day__actions">
          <button type="button" className="button button--secondary" onClick={() => window.print()}>
            Print day sheet
          </button>
          {mayExport && (
            <ExportCsvButton
              url={deskDayCsvUrl(choice)}
              fileName={`Day-${day}${place ? `-${place}` : ''}.csv`}
            />
          )}
        </div>
      </div>

      <div className="desk-day__filters">
        <div className="field">
          <label className="field__label" htmlFor={dateId}>
            Day
          </label>
          <DayInput
            id={dateId}
            className="field__input"
            value={day}
            onDay={(typed) => {
              const next = dayOfAddress(typed);
              if (next) choose({ day: next });
            }}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={placeId}>
            Place
          </label>
          <select
            id={placeId}
            className="field__input"
            value={place ?? ''}
            onChange={(event) =>
              choose({ place: isDeskPlace(event.target.value) ? event.target.value : undefined })
            }
          >
            <option value="">All places</option>
            {deskPlaceOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {day !== clinicDay && (
          <Link className="desk-day__today" to={deskDayPath({ day: clinicDay, place }, clinicDay)}>
            Back to today
          </Link>
        )}
      </div>

      {deskDay.data ? (
        <>
          <p className="desk-day__summary">{daySummary(rows)}</p>
          {rows.length > 0 ? (
            <DayTable
              rows={rows}
              today={apiDate(clinicDay)}
              mayWrite={mayWrite}
              marks={marks}
              label={`Appointments of ${formatLongDate(day)}`}
            />
          ) : (
            <p className="desk-day__empty">Nothing booked {place ? 'here ' : ''}on this day.</p>
          )}
          <DaySheet rows={rows} day={day} />
        </>
      ) : deskDay.isError ? (
        <p className="desk-day__message" role="alert">
          The day could not be loaded. {deskDay.error.message}
        </p>
      ) : (
        <p className="desk-day__message" role="status">
          Loading the day…
        </p>
      )}
    </div>
  );
}
