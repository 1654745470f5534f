import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { clinic, formatAddress } from '../../../shared/clinic';
import type { RouteHandle } from '../../lib/route-handle';
import { type LegalSection, LegalSections } from './legal-sections';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Privacy Policy',
    description:
      'How the clinic collects, uses, shares, protects and keeps your personal and health information under GDPR, and how to exercise your data protection rights.',
  }),
};

const CLINIC = clinic;

const LAST_UPDATED = '23 November 2026';

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="legal-sr-only"> (opens in a new tab)</span>
    </a>
  );
}

const contactLinks = (
  <>
    <a href={`mailto:${CLINIC.email}`}>{CLINIC.email}</a> or <a href={CLINIC.phoneHref}>{CLINIC.phone}</a>
  </>
);

const sections: LegalSection[] = [
  {
    id: 'controller',
    title: 'Who we are',
    body: (
      <>
        <p>
          {CLINIC.name} (“the clinic”, “we”, “us”) is the data controller for the personal information
          described in this policy. This means we decide how and why it is used, and we are responsible for
          keeping it safe.
        </p>
        <p>You can contact us about anything in this policy, or about your information:</p>
        <ul>
          <li>
            by e-mail: <a href={`mailto:${CLINIC.email}`}>{CLINIC.email}</a>
          </li>
          <li>
            by phone: <a href={CLINIC.phoneHref}>{CLINIC.phone}</a>
          </li>
          {CLINIC.locationList.map((place) => (
            <li key={place.label}>by post or in person: {formatAddress(place)}</li>
          ))}
        </ul>
        <p>
          We process personal data in line with the General Data Protection Regulation (EU) 2016/679 (“GDPR”)
          and the Data Protection Acts 1988 to 2018.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The information we collect',
    body: (
      <>
        <p>
          We collect information that you give us when you book an appointment, send a referral or
          self-referral, use our contact form, or attend the clinic:
        </p>
        <ul>
          <li>
            <strong>Identity and contact details:</strong> name, date of birth, address, phone number and
            e-mail address.
          </li>
          <li>
            <strong>Parent or guardian details</strong> for patients under 16: name, relationship to the child
            and contact details.
          </li>
          <li>
            <strong>Your doctors:</strong> the name and contact details of your GP and of any consultant or
            doctor who referred you.
          </li>
          <li>
            <strong>Health information</strong> that you give in referral and booking forms, patient
            information forms and during your appointment: symptoms, allergic reactions, suspected triggers,
            medicines, other conditions, and test results.
          </li>
          <li>
            <strong>Documents you upload</strong>, such as referral letters and previous test results.
          </li>
          <li>
            <strong>Appointment and payment records:</strong> the type, date and time of your appointment, the
            amount paid, payment status and any refund. Card payments are handled by our card payment
            provider: you enter your card details directly with them, and{' '}
            <strong>the clinic never sees or stores your card number</strong>.
          </li>
          <li>
            <strong>Messages</strong> you send us through the contact form or by e-mail.
          </li>
          <li>
            <strong>Technical information</strong> our web server records for security, such as your IP
            address and the pages requested.
          </li>
        </ul>
        <p>
          Health information is “special category” data under the GDPR and is given extra protection. We only
          ask for what we need to provide your care.
        </p>
      </>
    ),
  },
  {
    id: 'purposes',
    title: 'How we use your information and our legal basis',
    body: (
      <>
        <p>
          We use your information only for the following purposes, each with a legal basis under the GDPR:
        </p>
        <ul>
          <li>
            <strong>To arrange and provide your care</strong>: triaging referrals, booking appointments,
            carrying out assessments and tests, writing treatment plans and letters to your GP or referring
            doctor.{' '}
            <em>
              Legal basis: performance of a contract with you, or steps you ask us to take before one (Article
              6(1)(b)); and, for health information, the provision of health care by health professionals
              bound by a duty of confidentiality (Article 9(2)(h), with section 52 of the Data Protection Act
              2018).
            </em>
          </li>
          <li>
            <strong>To take payment and issue refunds and receipts.</strong>{' '}
            <em>Legal basis: contract (Article 6(1)(b)).</em>
          </li>
          <li>
            <strong>To send you booking confirmations, preparation instructions and reminders</strong>, and to
            reply to your messages. <em>Legal basis: contract (Article 6(1)(b)).</em>
          </li>
          <li>
            <strong>To keep the records the law requires</strong>, such as medical records and accounting and
            tax records. <em>Legal basis: legal obligation (Article 6(1)(c)).</em>
          </li>
          <li>
            <strong>To keep our website and systems secure</strong> and prevent misuse.{' '}
            <em>
              Legal basis: our legitimate interest in protecting our patients and systems (Article 6(1)(f)).
            </em>
          </li>
          <li>
            <strong>Where we ask for your consent</strong>, for example to share information with someone
            other than your doctors. <em>Legal basis: consent (Articles 6(1)(a) and 9(2)(a)).</em> You can
            withdraw your consent at any time; this does not affect anything we did before you withdrew it.
          </li>
        </ul>
        <p>
          We do not use your information for marketing, we do not sell it, and we do not make decisions about
          you by automated means or profiling.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We share your information only where needed to provide your care and run the clinic:</p>
        <ul>
          <li>
            <strong>Our clinical records system:</strong> the details and documents from the website’s booking
            and referral forms are transferred into the clinic’s external clinical records system, where your
            patient record is kept. The provider stores it for us under a data processing agreement.
          </li>
          <li>
            <strong>Our card payment provider</strong>, which processes your card payment and any refund.
          </li>
          <li>
            <strong>Our e-mail provider</strong>, which delivers booking confirmations, reminders and replies.
          </li>
          <li>
            <strong>Our website hosting provider</strong>, which runs the servers this website and its form
            system use.
          </li>
          <li>
            <strong>Your GP and referring doctor</strong>, who receive a letter about your assessment and
            results.
          </li>
          <li>
            <strong>Public authorities</strong>, only where the law requires it, for example under a court
            order.
          </li>
        </ul>
        <p>
          Our providers act on our instructions only, under contracts that require them to keep your
          information confidential and secure. Where a provider processes data outside the European Economic
          Area, we make sure appropriate safeguards are in place, such as the European Commission’s standard
          contractual clauses. We do not share your information with your health insurer: you claim from your
          insurer yourself, using the receipt we give you.
        </p>
        <p>
          <strong>We never sell your personal information</strong> or share it for advertising.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <ul>
          <li>
            <strong>Website form system:</strong> the personal information and files sent through this
            website’s booking, referral and contact forms are kept for <strong>90 days</strong>, then deleted.
            A booking that is never paid is deleted with its files <strong>24 hours</strong> after it was
            started. Payment records are kept for accounting with the amounts only, without your personal
            details.
          </li>
          <li>
            <strong>Clinical records:</strong> your patient record in the clinical records system is kept for
            as long as Irish guidance on medical record retention requires. This is generally at least 8 years
            after your last visit for adults and, for children, until their 25th birthday or 8 years after the
            last visit, whichever is later.
          </li>
          <li>
            <strong>Accounting records</strong> are kept for 6 years, as Irish tax law requires.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <ul>
        <li>
          All information sent to and from this website is encrypted in transit (HTTPS). Card details go
          directly to our card payment provider.
        </li>
        <li>
          Access to patient information is limited to authorised clinic staff who need it for their work, each
          with a personal, password-protected account. Sign-ins expire, and repeated failed sign-ins are
          blocked.
        </li>
        <li>Every time staff view or change a patient record or file, it is recorded in an audit log.</li>
        <li>Referral letters and results you upload are never available at a public web address.</li>
        <li>All staff are bound by professional confidentiality.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and similar technologies',
    body: (
      <>
        <p>
          This website does <strong>not</strong> use analytics, tracking or advertising cookies, so we do not
          ask you to accept any.
        </p>
        <ul>
          <li>
            The only thing stored in your browser is strictly necessary: when clinic staff sign in, their
            sign-in token is kept in the browser’s local storage until they sign out or it expires. Patients
            and visitors do not need to sign in.
          </li>
          <li>
            The embedded map and YouTube videos load only when you click to show them. Until then, those
            services receive nothing from your visit. Once you click, they may set their own cookies under
            their own privacy policies; videos use YouTube’s privacy-enhanced mode.
          </li>
          <li>
            When you pay, the card payment form is provided by our card payment provider, which may use
            cookies that are necessary to prevent fraud.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children’s information',
    body: (
      <p>
        Information about a patient under 16 is given by their parent or legal guardian, who also makes
        requests about it on the child’s behalf and in the child’s best interests. Young people aged 16 and
        over can consent to their own care and exercise their own data protection rights.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the GDPR you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> your personal information and get a copy of it;
          </li>
          <li>
            <strong>rectification</strong>: have inaccurate or incomplete information corrected;
          </li>
          <li>
            <strong>erasure</strong>: have your information deleted where we no longer need it or have no
            legal basis to keep it (some medical records must be kept by law);
          </li>
          <li>
            <strong>restriction</strong>: ask us to limit how we use your information, for example while we
            check its accuracy;
          </li>
          <li>
            <strong>portability</strong>: receive information you gave us in a commonly used electronic
            format, or have it sent to another provider;
          </li>
          <li>
            <strong>object</strong> to our use of your information where we rely on our legitimate interests;
          </li>
          <li>
            <strong>withdraw your consent</strong> at any time, where we rely on consent;
          </li>
          <li>
            <strong>complain</strong> to the Data Protection Commission, the Irish supervisory authority:{' '}
            <ExternalLink href="https://www.dataprotection.ie/">www.dataprotection.ie</ExternalLink>.
          </li>
        </ul>
        <h3>How to make a request</h3>
        <p>
          Contact us at {contactLinks}. We may ask you to confirm your identity before we act on a request.
          Requests are free of charge. We will reply within <strong>30 days (one month)</strong> of receiving
          your request. If a request is complex, the law allows us to extend this by up to two further months;
          if so, we will tell you why within the first month.
        </p>
        <p>
          We would welcome the chance to sort out any concern first, but you can complain to the Data
          Protection Commission at any time.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy, for example when we change a service provider. The latest version is always
        on this page, with the date it was last updated at the top. See also our{' '}
        <Link to="/terms_and_conditions">terms and conditions</Link>.
      </p>
    ),
  },
];

/** /privacy_policy */
export function Component() {
  return (
    <article className="legal-page" aria-labelledby="privacy-title">
      <h1 id="privacy-title">Privacy Policy</h1>
      <p className="legal-updated">
        Last updated: <time dateTime="2026-11-23">{LAST_UPDATED}</time>
      </p>
      <div className="legal-summary legal-intro">
        <p>
          We collect only the information we need to care for you, we keep it secure, we never sell it, and we
          do not use tracking or advertising cookies. This policy explains the details and your rights.
        </p>
      </div>
      <LegalSections sections={sections} titleId="privacy-title" />
    </article>
  );
}
