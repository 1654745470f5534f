import type { ClinicLocation, OpeningHours } from '../../../shared/clinic';
import './clinic-location.css';

/**
 * A clinic location's address, opening hours and directions link, as the footer (compact) and the contact
 * page (full) show them, from the one configuration module (`shared/clinic.ts`).
 */

/** The address as `<address>`, a line a span. */
export function LocationAddress({ place, className }: { place: ClinicLocation; className?: string }) {
  return (
    <address className={['clinic-location__address', className].filter(Boolean).join(' ')}>
      {place.addressLines.map((line) => (
        <span key={line}>{line}</span>
      ))}
      <span>{place.postcode}</span>
    </address>
  );
}

function Times({ hours }: { hours: OpeningHours }) {
  return (
    <>
      <time dateTime={hours.opens}>{hours.opens}</time>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden"> to </span>
      <time dateTime={hours.closes}>{hours.closes}</time>
    </>
  );
}

/**
 * The opening hours as a description list (days, then times). `compact` writes the days short ('Mon–Fri'),
 * while a screen reader hears them in full.
 */
export function OpeningHoursList({
  place,
  compact = false,
  label,
}: {
  place: ClinicLocation;
  compact?: boolean;
  /** Names the list for assistive technology when no heading says what it is. */
  label?: string;
}) {
  return (
    <dl
      className={`clinic-location__hours${compact ? ' clinic-location__hours--compact' : ''}`}
      aria-label={label}
    >
      {place.hours.map((hours) => (
        <div key={hours.days} className="clinic-location__hours-row">
          <dt>
            {compact ? (
              <>
                <span aria-hidden="true">{hours.shortDays}</span>
                <span className="visually-hidden">{hours.days}</span>
              </>
            ) : (
              hours.days
            )}
          </dt>
          <dd>
            <Times hours={hours} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Google Maps directions to the location, in a new tab, named for the location. */
export function DirectionsLink({ place, className }: { place: ClinicLocation; className?: string }) {
  return (
    <a className={className} href={place.directionsUrl} target="_blank" rel="noopener noreferrer">
      Directions<span className="visually-hidden">{` to ${place.label}, opens in a new tab`}</span>
    </a>
  );
}
