import { calendarLinkUrls, type LinkedEvent } from './confirmation-details';

/** "Add to Google Calendar" and "Add to Outlook": plain links, opened in a new tab only when pressed. */
export function CalendarLinks({ event }: { event: LinkedEvent }) {
  const urls = calendarLinkUrls(event);
  return (
    <p className="calendar-links">
      <a href={urls.google} target="_blank" rel="noopener noreferrer">
        Add to Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <a href={urls.outlook} target="_blank" rel="noopener noreferrer">
        Add to Outlook<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
