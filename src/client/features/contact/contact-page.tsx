import { clinic } from '../../../shared/clinic';
import type { RouteHandle } from '../../app/route-handle';
import { ClickToLoadMap } from '../../components/click-to-load-map/click-to-load-map';
import { ContactForm } from './contact-form';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Contact Us',
    description: `Contact ${clinic.name}: phone ${clinic.phone}, e-mail, our clinic addresses in Sandyford, Dublin 18, directions and a contact form.`,
  }),
};

const [mapLocation] = clinic.footerLocations;

/** /contact_us (spec 2.3): phone, e-mail, the two addresses with directions, a click-to-load map, the form. */
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
            <h2 id="contact-locations-title">Clinic addresses</h2>
            {clinic.footerLocations.map((place) => (
              <div key={place.key} className="contact-page__location">
                <h3>{place.label}</h3>
                <address className="contact-page__address">
                  {place.addressLines.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                  <span>{place.postcode}</span>
                </address>
                <a href={place.directionsUrl} target="_blank" rel="noopener noreferrer">
                  Get directions
                  <span className="visually-hidden"> to {place.label} (opens in a new tab)</span>
                </a>
              </div>
            ))}
          </section>

          {mapLocation && (
            <section className="contact-page__section" aria-labelledby="contact-map-title">
              <h2 id="contact-map-title">Map and directions</h2>
              <ClickToLoadMap place={mapLocation} />
            </section>
          )}
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
