import { clinic } from '../../../shared/clinic';
import { ClickToLoadMap } from '../../components/click-to-load-map/click-to-load-map';
import {
  DirectionsLink,
  LocationAddress,
  OpeningHoursList,
} from '../../components/clinic-location/clinic-location';
import type { RouteHandle } from '../../lib/route-handle';
import { ContactForm } from './contact-form';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Contact Us',
    description: `Contact ${clinic.name}: phone ${clinic.phone}, e-mail, our clinics in Sandyford and Blackrock with their opening hours and directions, and a contact form.`,
  }),
};

/**
 * /contact_us (spec 2.3, issue 21): phone, e-mail, every clinic location (both Sandyford suites and Blackrock)
 * with its address, opening hours, directions and a map loaded on click, and the form.
 */
export function Component() {
  return (
    <div className="page container contact-page">
      <h1 className="page__title">Contact Us</h1>
      <p className="page__lead">
        Call or e-mail us, or send us a message with the form below. We reply within two working days. Please
        do not include detailed medical information in your message.
      </p>

      <div className="contact-page__grid">
        <div className="contact-page__details">
          <section className="contact-page__section" aria-labelledby="contact-direct-title">
            <h2 id="contact-direct-title">Phone and e-mail</h2>
            <ul className="contact-page__list">
              <li>
                <span className="contact-page__label">Phone: </span>
                <a href={clinic.phoneHref}>{clinic.phone}</a>
              </li>
              <li>
                <span className="contact-page__label">E-mail: </span>
                <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
              </li>
            </ul>
          </section>

          <section className="contact-page__section" aria-labelledby="contact-locations-title">
            <h2 id="contact-locations-title">Clinic addresses and opening hours</h2>
            <p className="contact-page__hint">
              Maps are provided by Google Maps and load only when you ask for one.
            </p>
            <ul className="contact-page__locations">
              {clinic.locationList.map((place) => (
                <li key={place.key} className="contact-page__location">
                  <h3>{place.label}</h3>
                  <LocationAddress place={place} className="contact-page__address" />
                  <h4 className="contact-page__hours-title">Opening hours</h4>
                  <OpeningHoursList place={place} />
                  <p className="contact-page__location-links">
                    <DirectionsLink place={place} />
                  </p>
                  <ClickToLoadMap place={place} compact />
                </li>
              ))}
            </ul>
          </section>
        </div>

        <section className="contact-page__form-panel" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <p className="contact-page__hint">Fields marked as optional can be left empty.</p>
          <ContactForm />
        </section>
      </div>
    </div>
  );
}
