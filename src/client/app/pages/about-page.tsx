import { Link } from 'react-router';
import { BOOKING_PATH } from '../../components/site-header/site-menu';
import { AboutUsText } from '../../features/about/about-us-text';
import { AllergyTypeTabs } from '../../features/allergy-info/allergy-type-tabs';
import type { RouteHandle } from '../../lib/route-handle';

export const handle: RouteHandle = {
  head: () => ({
    title: 'What we do',
    description:
      'Consultant-led allergy assessment, skin prick testing and video consultations for adults and children in Sandyford and Blackrock, Dublin.',
  }),
};

/** /about_us (also /about): the about-us text and the allergy-type tabs. */
export function Component() {
  return (
    <div className="page container">
      <h1 className="page__title">What we do</h1>
      <AboutUsText />
      <section className="allergy-types-section" aria-labelledby="about-allergies-title">
        <h2 id="about-allergies-title">Allergies we assess and treat</h2>
        <p>Choose an allergy to read more about it.</p>
        <AllergyTypeTabs headingLevel={3} idPrefix="about-allergy" />
      </section>
      <p>
        <Link to={BOOKING_PATH} className="button button--primary">
          Book An Appointment
        </Link>
      </p>
    </div>
  );
}
