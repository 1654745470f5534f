import { Link } from 'react-router';
import { clinic } from '../../../shared/clinic';
import type { RouteHandle } from '../../lib/route-handle';
import { type LegalSection, LegalSections } from './legal-sections';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Terms & Conditions',
    description:
      'The terms of our allergy services: what we test, how to prepare, appointments and 48-hour cancellations, fees and insurance, consent and complaints.',
  }),
};

const CLINIC = clinic;

const LAST_UPDATED = '23 November 2026';

const sections: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms apply to every appointment with {CLINIC.name} (“the clinic”, “we”, “us”), whether booked
          on this website, by phone or by e-mail, and to the use of this website. By booking an appointment
          you agree to them. If you book for a child, you agree to them on the child’s behalf.
        </p>
        <p>
          Nothing in these terms affects your statutory rights as a consumer under Irish law. The information
          on this website is general information about allergies: it is not medical advice for you personally
          and does not replace a consultation.
        </p>
      </>
    ),
  },
  {
    id: 'services',
    title: 'Our services',
    body: (
      <>
        <p>We provide private allergy care for adults and children, including:</p>
        <ul>
          <li>allergy assessment: a consultation about your symptoms, history and reactions;</li>
          <li>skin prick testing to environmental and food allergens, with results during the same visit;</li>
          <li>
            video consultations, for follow-up, advice on results, and assessments where a physical
            examination or test is not needed;
          </li>
          <li>
            a written treatment plan and a letter to your GP or referring doctor, and prescriptions (including
            adrenaline auto-injectors) where appropriate.
          </li>
        </ul>
        <p>
          For a video consultation you need a private, quiet place and a device with a camera and a stable
          internet connection. The clinician may advise an in-person visit if a question cannot be answered
          safely by video.
        </p>
      </>
    ),
  },
  {
    id: 'not-tested',
    title: 'What we do not test or provide',
    body: (
      <>
        <p>
          We only use tests that are recommended by allergy specialists and backed by scientific evidence. We
          do not offer:
        </p>
        <ul>
          <li>IgG “food intolerance” tests;</li>
          <li>hair analysis, kinesiology, Vega or other bioresonance tests;</li>
          <li>drug (medicine) allergy challenge testing at the clinic;</li>
          <li>emergency care.</li>
        </ul>
        <p>
          <strong>We are not an emergency service.</strong> If you or your child have signs of a severe
          allergic reaction (anaphylaxis), use an adrenaline auto-injector if you have one and call 112 or 999
          at once.
        </p>
      </>
    ),
  },
  {
    id: 'testing',
    title: 'Testing policy',
    body: (
      <>
        <p>
          Skin prick tests are carried out by trained staff under the supervision of a consultant, with
          emergency treatment available on site. Which allergens are tested depends on your history; we do not
          test for allergens that are not relevant to your symptoms.
        </p>
        <p>
          Your safety comes first. The clinician may decline, postpone or change a test if it would not be
          safe or reliable on the day: for example if you are unwell, your asthma is not well controlled, you
          are pregnant, your skin on the test site is affected by eczema, or antihistamines have not been
          stopped. In that case we will explain why and offer another option or appointment.
        </p>
        <p>
          Test results are interpreted together with your history by a clinician. A test result on its own
          does not prove or rule out an allergy.
        </p>
      </>
    ),
  },
  {
    id: 'preparation',
    title: 'Preparing for your appointment',
    body: (
      <>
        <ul>
          <li>
            Stop oral antihistamines (tablets or liquid) <strong>5 days</strong> before a skin prick test.
          </li>
          <li>
            Stop antihistamine nasal sprays <strong>3 days</strong> before the test.
          </li>
          <li>
            Keep taking asthma inhalers and all other regular medicines unless a doctor tells you otherwise.
          </li>
          <li>Do not put moisturiser or cream on your forearms on the day of the test.</li>
          <li>
            Arrive <strong>15 minutes</strong> before your appointment, with a completed{' '}
            <Link to="/forms">patient information form</Link>, a list of your medicines and any referral
            letter or previous results.
          </li>
        </ul>
        <p>
          If antihistamines have not been stopped, the test may not be readable and may have to be rebooked.
          If you cannot stop an antihistamine, contact us before your appointment. More detail is on our{' '}
          <Link to="/allergy_test">allergy test page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'appointments',
    title: 'Appointments, cancellations and late arrival',
    body: (
      <>
        <p>
          Your appointment is confirmed once it is booked and paid. You will receive a confirmation by e-mail
          with the date, time, address and preparation instructions.
        </p>
        <h3>Cancelling or changing an appointment</h3>
        <p>
          Please give us at least <strong>48 hours’ notice</strong> if you need to cancel or change your
          appointment, by phone or e-mail. With 48 hours’ notice or more, we will move your appointment or
          refund the fee in full. If you cancel with less than 48 hours’ notice, or do not attend, the fee may
          be charged and not refunded, because the time cannot usually be offered to another patient. We will
          always consider genuine emergencies.
        </p>
        <h3>Late arrival</h3>
        <p>
          If you arrive late, we will do our best to see you, but the appointment may have to be shortened or,
          if there is not enough time to test safely, rebooked. A missed or shortened appointment because of
          late arrival may be charged in full.
        </p>
        <h3>If we need to change your appointment</h3>
        <p>
          Occasionally we may have to reschedule, for example if a clinician is ill. We will contact you as
          early as possible and offer a new time or a full refund.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Fees, payment and health insurance',
    body: (
      <>
        <ul>
          <li>
            Our current fees are shown on our <Link to="/fees">fees page</Link>, in euro. The fee that applies
            is the one shown when you book.
          </li>
          <li>
            Fees are payable by card when you book, through our secure card payment provider. The clinic never
            sees or stores your full card number.
          </li>
          <li>Refunds, where due, are made to the card used for payment.</li>
          <li>Family discounts are offered depending on the appointment type.</li>
        </ul>
        <p>
          Health insurance cover for allergy consultations and tests depends on your policy and plan. Please
          check with your insurer before your appointment what they will cover. You pay the clinic directly
          and claim back from your insurer; we will give you a receipt for your claim.
        </p>
      </>
    ),
  },
  {
    id: 'consent',
    title: 'Consent',
    body: (
      <>
        <p>
          Before any test, the clinician explains what it involves, its benefits and risks, and any
          alternatives, and asks for your consent. You can ask questions at any time, and you can withdraw
          your consent at any time, including during the appointment.
        </p>
        <ul>
          <li>
            <strong>Patients aged 16 and over</strong> give consent for themselves, as provided by Irish law.
          </li>
          <li>
            <strong>For children under 16</strong>, a parent or legal guardian gives consent and must attend
            the whole appointment with the child. We will also explain the test to the child in a way they can
            understand and ask for their agreement.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Your personal information',
    body: (
      <p>
        We handle your personal and health information as described in our{' '}
        <Link to="/privacy_policy">privacy policy</Link>, in line with the General Data Protection Regulation
        and the Data Protection Acts 1988 to 2018.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Comments and complaints',
    body: (
      <>
        <p>
          We want to hear if something has not gone well. Please speak to a member of staff, or write to us at{' '}
          <a href={`mailto:${CLINIC.email}`}>{CLINIC.email}</a> or call{' '}
          <a href={CLINIC.phoneHref}>{CLINIC.phone}</a>. We will acknowledge your complaint within 5 working
          days and aim to give you a full response within 30 working days, or tell you why we need longer.
        </p>
        <p>
          If you are not satisfied with our response, you can contact the regulator of the professional
          involved: the Medical Council for doctors, or the Nursing and Midwifery Board of Ireland for nurses.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility to you',
    body: (
      <p>
        We provide our services with reasonable care and skill. Nothing in these terms limits our liability
        for death or personal injury caused by negligence, or any other liability that cannot be limited under
        Irish law. We are not responsible for the content of external websites that we link to.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms from time to time. The version that applies to your appointment is the one
        published on this page when you book. The date of the latest change is shown at the top of this page.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of Ireland, and the Irish courts have jurisdiction over any
        dispute about them. This does not take away any right you have to bring a claim in the courts of the
        country where you live.
      </p>
    ),
  },
];

/** /terms_and_conditions */
export function Component() {
  return (
    <article className="legal-page" aria-labelledby="terms-title">
      <h1 id="terms-title">Terms &amp; Conditions</h1>
      <p className="legal-updated">
        Last updated: <time dateTime="2026-11-23">{LAST_UPDATED}</time>
      </p>
      <p className="legal-intro">
        Please read these terms before booking. They explain what we offer, how to prepare, and what happens
        if you need to cancel.
      </p>
      <LegalSections sections={sections} titleId="terms-title" />
    </article>
  );
}
