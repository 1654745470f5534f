import { Link } from 'react-router';
import { clinic } from '../../../shared/clinic';
import { ClickToPlayVideo } from '../../components/click-to-play-video/click-to-play-video';
import { DeferredPart } from '../../components/deferred-part/deferred-part';
import { BOOKING_PATH, REFERRAL_PATH } from '../../components/site-header/site-menu';
import { AboutUsText } from '../../features/about/about-us-text';
import { feeCategoriesQueryKey } from '../../features/fees/fees-api';
import { FeesSection } from '../../features/fees/fees-section';
import type { RouteHandle } from '../../lib/route-handle';

export const handle: RouteHandle = {
  queries: () => [feeCategoriesQueryKey()],
  head: () => ({ title: clinic.name, description: clinic.description }),
};

const facts = [
  { title: 'Adults and children', text: 'Separate adult and children’s clinics in Sandyford and Blackrock.' },
  {
    title: 'Results on the day',
    text: 'Skin prick test results are read after 15 minutes and explained to you.',
  },
  { title: 'Video consultations', text: 'Advice and follow-ups from home when a test is not needed.' },
] as const;

const VIDEO_BOOKING_PATH = '/sessions_availability/booking_video';

// The allergy types sit below the fold: hydrated when they come near the screen (components/deferred-part).
const loadAllergyTypeTabs = () =>
  import('../../features/allergy-info/allergy-type-tabs').then((module) => module.AllergyTypeTabs);
const allergyTabsProps = { headingLevel: 3, idPrefix: 'home-allergy' } as const;

/** The home page (spec 2.3): hero, about us, the allergy-type tabs, a video, booking buttons and the fees. */
export function Component() {
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">Private allergy clinic in Dublin</p>
            <h1 id="home-title" className="hero__title">
              {clinic.name}
            </h1>
            <p className="hero__promise">{clinic.tagline}</p>
            <div className="hero__actions">
              <Link to={BOOKING_PATH} className="button button--primary button--large">
                Book An Appointment
              </Link>
              <Link to="/about_us" className="button button--secondary button--large">
                What we do
              </Link>
            </div>
          </div>
          <img
            className="hero__art"
            src="/images/hero.svg"
            alt=""
            width={480}
            height={360}
            fetchPriority="high"
          />
          <ul className="hero__facts">
            {facts.map((fact) => (
              <li key={fact.title} className="hero__fact">
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.8" />
                  <path
                    d="m7.5 12.5 3 3 6-6.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <span>
                  <strong>{fact.title}</strong>
                  {fact.text}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home-about container" aria-labelledby="home-about-title">
        <h2 id="home-about-title">About us</h2>
        <AboutUsText />
        <p>
          <Link to="/about_us">Read more about what we do</Link>
        </p>
      </section>

      <section className="home-band" aria-labelledby="home-allergies-title">
        <div className="container">
          <h2 id="home-allergies-title">Allergies we assess and treat</h2>
          <p>Choose an allergy to read more about it.</p>
          <DeferredPart name="allergy-type-tabs" load={loadAllergyTypeTabs} props={allergyTabsProps} />
          <p className="home-band__actions">
            <Link to={BOOKING_PATH} className="button button--primary">
              Book An Appointment
            </Link>
          </p>
        </div>
      </section>

      <section className="home-video container" aria-labelledby="home-video-title">
        <h2 id="home-video-title">Visiting the clinic</h2>
        <ClickToPlayVideo title={clinic.videos.home.title} embedUrl={clinic.videos.home.embedUrl} />
      </section>

      <section className="home-fees container" aria-labelledby="home-fees-title">
        <h2 id="home-fees-title">Our fees</h2>
        <FeesSection headingLevel={3} />
      </section>

      <section className="home-book" aria-labelledby="home-book-title">
        <div className="container">
          <h2 id="home-book-title">Ready to book?</h2>
          <p>Book a skin prick allergy test at the clinic, or a video consultation from home.</p>
          <div className="hero__actions">
            <Link to={BOOKING_PATH} className="button button--primary button--large">
              Book an Allergy Test
            </Link>
            <Link to={VIDEO_BOOKING_PATH} className="button button--secondary button--large">
              Book A Video Consultation
            </Link>
          </div>
          <p className="home-book__referral">
            Have a referral letter, or want the clinic to triage your case first?{' '}
            <Link to={REFERRAL_PATH}>Send a self-referral</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
