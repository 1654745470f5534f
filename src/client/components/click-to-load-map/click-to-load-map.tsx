import { useEffect, useRef, useState } from 'react';
import { type ClinicLocation, formatAddress } from '../../../shared/clinic';
import './click-to-load-map.css';

/**
 * A Google map that loads nothing from Google until the visitor clicks 'Show map' (DESIGN.md section 4:
 * no third party sees a visitor who did not ask for it). The iframe takes the focus once shown. `compact`
 * shows only the button until then (a page listing several locations, each with its own directions link,
 * says once above them where the maps come from).
 */
export function ClickToLoadMap({ place, compact = false }: { place: ClinicLocation; compact?: boolean }) {
  const [shown, setShown] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (shown) frameRef.current?.focus();
  }, [shown]);

  const showButton = (
    <button
      type="button"
      className="button button--secondary map-embed__button"
      onClick={() => setShown(true)}
    >
      Show map<span className="visually-hidden">: {place.label}</span>
    </button>
  );

  if (compact && !shown) return <div className="map-embed map-embed--collapsed">{showButton}</div>;

  return (
    <div className="map-embed">
      {shown ? (
        <iframe
          ref={frameRef}
          className="map-embed__frame"
          src={place.mapEmbedUrl}
          title={`Map: ${formatAddress(place)}`}
          allowFullScreen
        />
      ) : (
        <div className="map-embed__placeholder">
          <svg
            className="map-embed__pin"
            viewBox="0 0 24 24"
            width="36"
            height="36"
            aria-hidden="true"
            focusable="false"
          >
            <path
              d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="10" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          <p className="map-embed__note">
            The map is provided by Google Maps and loads only when you ask for it.
          </p>
          {showButton}
          <a className="map-embed__link" href={place.directionsUrl} target="_blank" rel="noopener noreferrer">
            Open in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
      )}
    </div>
  );
}
