import { Link } from 'react-router';
import { clinic } from '../../../shared/clinic';
import { ClickToLoadMap } from '../click-to-load-map/click-to-load-map';
import { DirectionsLink, LocationAddress, OpeningHoursList } from '../clinic-location/clinic-location';
import { SocialIcon } from './social-icon';
import './site-footer.css';

const [mapLocation] = clinic.locationList;

/**
 * The public footer (spec 2.1, issue 21): contacts, social links, every clinic location (both Sandyford
 * suites and Blackrock) with its address, opening hours and directions, and a click-to-load map.
 */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__section" aria-labelledby="footer-contact-title">
          <h2 id="footer-contact-title" className="site-footer__title">
            Contact us
          </h2>
          <ul className="site-footer__contacts">
            <li>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  d="M6.6 3.5h2.6l1.4 4.2-2 1.4a11 11 0 0 0 6.3 6.3l1.4-2 4.2 1.4v2.6a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2Z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
              <a href={clinic.phoneHref}>
                <span className="visually-hidden">Phone: </span>
                {clinic.phone}
              </a>
            </li>
            <li>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <rect
                  x="3"
                  y="5.5"
                  width="18"
                  height="13"
                  rx="2"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                />
                <path d="m3.5 7 8.5 6.5L20.5 7" fill="none" stroke="currentColor" strokeWidth="1.8" />
              </svg>
              <a href={`mailto:${clinic.email}`}>
                <span className="visually-hidden">E-mail: </span>
                {clinic.email}
              </a>
            </li>
          </ul>
          <h3 className="site-footer__subtitle">Follow us</h3>
          <ul className="site-footer__social">
            {clinic.social.map((link) => (
              <li key={link.network}>
                <a
                  className="site-footer__social-link"
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${link.label} (opens in a new tab)`}
                >
                  <SocialIcon network={link.network} />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section
          className="site-footer__section site-footer__section--locations"
          aria-labelledby="footer-locations-title"
        >
          <h2 id="footer-locations-title" className="site-footer__title">
            Our clinics
          </h2>
          <ul className="site-footer__locations">
            {clinic.locationList.map((place) => (
              <li key={place.key} className="site-footer__location">
                <h3 className="site-footer__subtitle">{place.label}</h3>
                <LocationAddress place={place} className="site-footer__address" />
                <OpeningHoursList place={place} compact label={`Opening hours, ${place.label}`} />
                <DirectionsLink place={place} className="site-footer__directions" />
              </li>
            ))}
          </ul>
        </section>

        {mapLocation && (
          <section className="site-footer__section" aria-labelledby="footer-map-title">
            <h2 id="footer-map-title" className="site-footer__title">
              Find us
            </h2>
            <ClickToLoadMap place={mapLocation} />
          </section>
        )}
      </div>

      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p className="site-footer__copyright">
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {clinic.name}. All rights
            reserved.
          </p>
          <ul className="site-footer__legal">
            <li>
              <Link to="/privacy_policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms_and_conditions">Terms &amp; Conditions</Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
