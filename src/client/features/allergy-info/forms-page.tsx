import { Link } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Forms',
    description:
      'Printable patient information forms for children and adults: fill one in before your first allergy appointment and bring it with you to the clinic.',
  }),
};

/**
 * The PDFs in src/client/public/forms, written by scripts/generate-patient-forms.mjs. Update the sizes
 * here when the script is re-run (it prints them).
 */
const forms = [
  {
    id: 'child',
    title: 'Child Patient Information Form',
    audience: 'For children under 16, completed and signed by a parent or legal guardian.',
    href: '/forms/child-patient-information.pdf',
    size: '49 KB',
  },
  {
    id: 'adult',
    title: 'Adult Patient Information Form',
    audience: 'For patients aged 16 and over, who complete and sign it themselves.',
    href: '/forms/adult-patient-information.pdf',
    size: '46 KB',
  },
];

/** /forms: the two printable patient information forms, opening in a new tab. */
export function Component() {
  return (
    <div className="info-page">
      <h1>Patient Information Forms</h1>
      <p className="info-lead">
        Before your first appointment, please fill in a patient information form so that we can make the most
        of your time with us.
      </p>
      <div className="info-section">
        <p>
          The form asks about your symptoms and allergic reactions, suspected triggers, previous tests, the
          medicines you take, and whether you have hay fever, asthma or eczema. It also includes your consent
          to the assessment.
        </p>
        <ul>
          <li>Use the child form for patients under 16 and the adult form for patients aged 16 and over.</li>
          <li>
            Print it and fill it in by hand, or type into it on screen and then print it. Sign it by hand and
            bring it with you to your appointment, with any referral letter or previous test results.
          </li>
          <li>
            If you cannot print it, arrive 15 minutes early and we will give you a copy to fill in at the
            clinic.
          </li>
        </ul>
      </div>

      <ul className="info-card-grid">
        {forms.map((form) => (
          <li key={form.id}>
            <article className="info-card" aria-labelledby={`form-${form.id}`}>
              <h2 id={`form-${form.id}`}>{form.title}</h2>
              <p>{form.audience}</p>
              <p className="info-card__meta">PDF, {form.size}, 2 pages, A4</p>
              <a className="info-button" href={form.href} target="_blank" rel="noopener noreferrer">
                Open the {form.id} form
                <span className="info-sr-only"> (PDF, {form.size}, opens in a new tab)</span>
              </a>
            </article>
          </li>
        ))}
      </ul>

      <p className="info-note info-section">
        The forms hold health information: please do not send them by ordinary e-mail. Bring them with you, or
        upload your referral letter when you{' '}
        <Link to="/sessions_availability/booking_test">book an appointment</Link>. If you have any questions,{' '}
        <Link to="/contact_us">contact us</Link>.
      </p>
    </div>
  );
}
