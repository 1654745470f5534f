import { type CSSProperties, useId } from 'react';
import { Link } from 'react-router';
import { formatShortDate } from '../../components/month-calendar/month-grid';
import { type CalendarContext, ClosureNotes, Item } from './calendar-items';
import {
  type CalendarItem,
  type CalendarPlace,
  calendarPlaces,
  closuresOn,
  type DayScale,
  dayScale,
  type PlacedItem,
  placeItems,
  placeLabel,
} from './calendar-layout';

/**
 * One day: a column a place on the day's rows (15, 10 or 5 minutes each), the hours beside them; each column a
 * list a screen reader walks by time. On a phone the places follow one another as plain lists.
 */
export function DayGrid({
  day,
  items,
  context,
}: {
  day: string;
  items: CalendarItem[];
  context: CalendarContext;
}) {
  const ofDay = items.filter((item) => item.day === day);
  const scale = dayScale(ofDay);
  const rowsPerHour = 60 / scale.rowMinutes;
  const hours = Array.from(
    { length: scale.rows / rowsPerHour },
    (_unused, index) => scale.firstMinute / 60 + index,
  );
  const rowsStyle = {
    '--calendar-rows': scale.rows,
    '--calendar-rows-per-hour': rowsPerHour,
  } as CSSProperties;
  return (
    <div className={`calendar-day${scale.rows > 0 ? '' : ' calendar-day--empty'}`} style={rowsStyle}>
      {scale.rows > 0 && (
        <div className="calendar-day__hours" aria-hidden="true">
          {hours.map((hour, index) => (
            <span key={hour} style={{ gridRow: `${index * rowsPerHour + 1} / span ${rowsPerHour}` }}>
              {String(hour).padStart(2, '0')}:00
            </span>
          ))}
        </div>
      )}
      {calendarPlaces.map((place) => (
        <PlaceColumn
          key={place}
          day={day}
          place={place}
          items={ofDay.filter((item) => item.place === place)}
          scale={scale}
          context={context}
        />
      ))}
    </div>
  );
}

/** Where a placed item sits in its column, for the day grid's CSS. */
const placedStyle = ({ top, height, lane, lanes, laneSpan }: PlacedItem) =>
  ({
    '--item-top': top,
    '--item-height': height,
    '--item-lane': lane,
    '--item-lanes': lanes,
    '--item-lane-span': laneSpan,
  }) as CSSProperties;

function PlaceColumn({
  day,
  place,
  items,
  scale,
  context,
}: {
  day: string;
  place: CalendarPlace;
  items: CalendarItem[];
  scale: DayScale;
  context: CalendarContext;
}) {
  const headingId = useId();
  const placed = placeItems(items, scale);
  return (
    <section className={`calendar-place calendar-place--${place}`} aria-labelledby={headingId}>
      <h3 className="calendar-place__title" id={headingId}>
        {placeLabel(place)}
      </h3>
      <ClosureNotes closures={closuresOn(context.closures, day, place)} />
      {placed.length === 0 ? (
        <p className="calendar-place__empty">Nothing on this day.</p>
      ) : (
        <ol className="calendar-place__items">
          {placed.map((each) => (
            <Item
              key={each.item.key}
              item={each.item}
              context={context}
              style={placedStyle(each)}
              density={each.density}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** A week: a column a day, its appointments and free times by time, each naming its place. */
export function WeekGrid({
  days,
  today,
  items,
  context,
}: {
  days: string[];
  today: string;
  items: CalendarItem[];
  context: CalendarContext;
}) {
  return (
    <div className="calendar-week">
      {days.map((day) => (
        <WeekDay
          key={day}
          day={day}
          isToday={day === today}
          items={items.filter((item) => item.day === day)}
          context={context}
        />
      ))}
    </div>
  );
}

function WeekDay({
  day,
  isToday,
  items,
  context,
}: {
  day: string;
  isToday: boolean;
  items: CalendarItem[];
  context: CalendarContext;
}) {
  const headingId = useId();
  return (
    <section
      className={`calendar-weekday${isToday ? ' calendar-weekday--today' : ''}`}
      aria-labelledby={headingId}
    >
      <h3 className="calendar-weekday__title" id={headingId}>
        <Link to={`?date=${day}`} className="calendar-weekday__link">
          {formatShortDate(day)}
          {isToday && <span className="calendar-weekday__today"> (today)</span>}
          <span className="visually-hidden">: open the day</span>
        </Link>
      </h3>
      <ClosureNotes closures={closuresOn(context.closures, day)} withPlace />
      {items.length === 0 ? (
        <p className="calendar-place__empty">Nothing on this day.</p>
      ) : (
        <ol className="calendar-weekday__items">
          {items.map((item) => (
            <Item key={item.key} item={item} context={context} />
          ))}
        </ol>
      )}
    </section>
  );
}
