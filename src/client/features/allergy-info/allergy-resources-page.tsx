import type { RouteHandle } from '../../lib/route-handle';
import { allergyResources } from './allergy-resources';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Allergy Resources',
    description:
      'Trusted allergy, asthma, eczema and anaphylaxis organisations for patients and parents in Ireland, from the HSE and Anaphylaxis Ireland to pollen forecasts.',
  }),
};

/** The address shown on a resource's link: its host name. */
const displayAddress = (url: string) => new URL(url).hostname;

/** /allergy_resources: nine external organisations, each opening in a new tab. */
export function Component() {
  return (
    <div className="info-page">
      <h1>Allergy Resources</h1>
      <p className="info-lead">
        Reliable information and support from organisations we trust, for patients and parents in Ireland.
      </p>
      <p className="info-section">
        These organisations are independent of the clinic and we are not responsible for the content of their
        websites. They do not replace advice from your own doctor: in an emergency, call 112 or 999.
      </p>
      <ul className="info-card-grid">
        {allergyResources.map((resource) => (
          <li key={resource.id}>
            <article className="info-card" aria-labelledby={`resource-${resource.id}`}>
              <h2 id={`resource-${resource.id}`}>{resource.title}</h2>
              <p>{resource.info}</p>
              <a className="info-card__link" href={resource.url} target="_blank" rel="noopener noreferrer">
                {displayAddress(resource.url)}
                <span className="info-sr-only"> (opens in a new tab)</span>
                <span aria-hidden="true"> ↗</span>
              </a>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
