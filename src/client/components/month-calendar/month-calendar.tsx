import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  addDays,
  addMonths,
  buildMonthGrid,
  formatLongDate,
  formatMonth,
  monthOf,
  weekdayHeaders,
} from './month-grid';
import './month-calendar.css';

export interface MonthCalendarProps {
  /** The shown month, YYYY-MM. */
  month: string;
  onMonthChange: (month: string) => void;
  /** Days (YYYY-MM-DD) shown bold: the days that have slots. */
  markedDays: ReadonlySet<string>;
  /** Said after each day's date: 'slots available' for a marked day, `unmarkedLabel` for the others. */
  markedLabel: string;
  unmarkedLabel: string;
  /** Said after a disabled day's date; 'unavailable' by default. */
  disabledLabel?: string;
  /** Days that cannot be chosen (past days): shown dimmed, announced as unavailable, still reachable by arrow keys. */
  isDisabled?: (date: string) => boolean;
  /** The chosen day; its button is pressed. */
  selected?: string;
  onSelect: (date: string) => void;
  /** The earliest month the previous-month button and the picker go to. */
  minMonth?: string;
  /** While the month's days load. */
  busy?: boolean;
}

/**
 * A month calendar (spec 2.6): previous/next month buttons, a month picker and a grid of the month's days,
 * Monday first, each day a button named by its full date and whether it has slots ('Tuesday 8 December
 * 2026, slots available'). One day is in the Tab order; arrow keys move by day and week, Home/End to the
 * week's ends, Page Up/Down by month. Used by the back office and the public booking page.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  markedDays,
  markedLabel,
  unmarkedLabel,
  disabledLabel = 'unavailable',
  isDisabled = () => false,
  selected,
  onSelect,
  minMonth,
  busy = false,
}: MonthCalendarProps) {
  const titleId = useId();
  const weeks = buildMonthGrid(month);
  const inMonth = weeks.flat().filter((day) => day.inMonth);
  const defaultFocus =
    (selected && monthOf(selected) === month && selected) ||
    inMonth.find((day) => markedDays.has(day.date) && !isDisabled(day.date))?.date ||
    inMonth.find((day) => !isDisabled(day.date))?.date ||
    `${month}-01`;
  const [focusDate, setFocusDate] = useState<string | undefined>();
  const activeDate = focusDate && monthOf(focusDate) === month ? focusDate : defaultFocus;
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${activeDate}"]`)?.focus();
  }, [activeDate]);

  const canGoBack = !minMonth || month > minMonth;

  const goTo = (date: string) => {
    if (minMonth && monthOf(date) < minMonth) return;
    moveFocus.current = true;
    setFocusDate(date);
    if (monthOf(date) !== month) onMonthChange(monthOf(date));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -weekday),
      End: () => addDays(date, 6 - weekday),
      PageUp: () => `${addMonths(month, -1)}-01`,
      PageDown: () => `${addMonths(month, 1)}-01`,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    goTo(move());
  };

  return (
    <div className="month-calendar">
      <div className="month-calendar__header">
        <button
          type="button"
          className="month-calendar__nav"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h2 id={titleId} className="month-calendar__title" aria-live="polite">
          {formatMonth(month)}
        </h2>
        <button
          type="button"
          className="month-calendar__nav"
          aria-label="Next month"
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <label className="month-calendar__picker">
        <span>Go to month</span>
        <input
          type="month"
          className="field__input"
          value={month}
          min={minMonth}
          onChange={(event) => {
            const value = event.target.value;
            if (/^\d{4}-\d{2}$/.test(value) && (!minMonth || value >= minMonth)) onMonthChange(value);
          }}
        />
      </label>
      <table
        ref={gridRef}
        className="month-calendar__grid"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
      >
        <thead>
          <tr>
            {weekdayHeaders.map((name) => (
              <th key={name} scope="col">
                <span className="visually-hidden">{name}</span>
                <span aria-hidden="true">{name.slice(0, 2)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((day) => {
                if (!day.inMonth) return <td key={day.date} className="month-calendar__blank" />;
                const marked = markedDays.has(day.date);
                const disabled = isDisabled(day.date);
                const isSelected = day.date === selected;
                const label = `${formatLongDate(day.date)}, ${disabled ? disabledLabel : marked ? markedLabel : unmarkedLabel}`;
                return (
                  <td key={day.date}>
                    <button
                      type="button"
                      data-date={day.date}
                      className={[
                        'month-calendar__day',
                        marked && 'month-calendar__day--marked',
                        isSelected && 'month-calendar__day--selected',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      aria-label={label}
                      aria-pressed={isSelected}
                      aria-disabled={disabled || undefined}
                      tabIndex={day.date === activeDate ? 0 : -1}
                      onKeyDown={(event) => onKeyDown(event, day.date)}
                      onFocus={() => setFocusDate(day.date)}
                      onClick={() => {
                        if (!disabled) onSelect(day.date);
                      }}
                    >
                      {day.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
