import type { RefObject } from 'react';
import { type CalendarView, rangeLabel, stepDay, symbolLegend } from './calendar-layout';

/** The calendar's controls: the view (wide screens), the steps, the range shown and the patient search. */
export function CalendarToolbar({
  narrow,
  view,
  day,
  days,
  today,
  search,
  labelRef,
  onChange,
}: {
  narrow: boolean;
  view: CalendarView;
  day: string;
  days: string[];
  today: string;
  search: string;
  /** The range's heading: where the focus goes when what it was on is gone. */
  labelRef: RefObject<HTMLHeadingElement | null>;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  return (
    <div className="calendar-toolbar">
      {!narrow && (
        <fieldset className="calendar-toolbar__views">
          <legend className="visually-hidden">View</legend>
          {(['day', 'week'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="calendar-toolbar__view"
              aria-pressed={view === option}
              onClick={() => onChange({ view: option === 'day' ? null : 'week' })}
            >
              {option === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </fieldset>
      )}
      <div className="calendar-toolbar__steps">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onChange({ date: stepDay(view, day, -1) })}
        >
          <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> {view}</span>
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onChange({ date: null })}
          aria-disabled={days.includes(today) || undefined}
        >
          Today
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onChange({ date: stepDay(view, day, 1) })}
        >
          Next<span className="visually-hidden"> {view}</span>
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
      <h2 className="calendar-toolbar__label" aria-live="polite" ref={labelRef} tabIndex={-1}>
        {rangeLabel(view, day)}
      </h2>
      <div className="calendar-toolbar__search field">
        <label className="field__label" htmlFor="calendar-search">
          Find a patient
        </label>
        <input
          id="calendar-search"
          className="field__input"
          type="search"
          value={search}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </div>
    </div>
  );
}

export function Legend() {
  return (
    <details className="calendar-legend">
      <summary>What the symbols mean</summary>
      <ul className="calendar-legend__list">
        {symbolLegend.map((symbol) => (
          <li key={symbol.key}>
            <span className="calendar-symbol" aria-hidden="true">
              {symbol.symbol}
            </span>{' '}
            {symbol.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
