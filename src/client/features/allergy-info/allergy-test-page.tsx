import { Link } from 'react-router';
import { clinic } from '../../../shared/clinic';
import { ClickToPlayVideo } from '../../components/click-to-play-video/click-to-play-video';
import type { RouteHandle } from '../../lib/route-handle';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Allergy test',
    description:
      'How the skin prick allergy test works for adults and children, what the results mean, and how to prepare: stop antihistamines 5 days before your test.',
  }),
};

/** /allergy_test: the skin prick test explained, how to prepare, a video and the booking link. */
export function Component() {
  return (
    <div className="info-page">
      <h1>Allergy test</h1>
      <p className="info-lead">
        A skin prick test is the quickest, most reliable way to find out what you or your child are allergic
        to. It is simple, gentle and safe, and you get your results during the same visit.
      </p>

      <section aria-labelledby="what-heading" className="info-section">
        <h2 id="what-heading">What is a skin prick test?</h2>
        <p>
          A skin prick test checks whether your immune system reacts to common allergens, such as grass and
          tree pollen, house dust mite, cat and dog dander, moulds and foods like milk, egg, peanut, tree
          nuts, fish and sesame. We choose which allergens to test based on your symptoms and history, so the
          test answers your questions rather than testing everything.
        </p>
        <p>
          There are no needles in the usual sense and no blood is taken. Most people, including children, say
          it feels like a light press or a tiny scratch.
        </p>
      </section>

      <section aria-labelledby="how-heading" className="info-section">
        <h2 id="how-heading">How it works</h2>
        <ol className="info-steps">
          <li>
            The inside of the forearm is cleaned and marked with a pen. In small children the back may be used
            instead.
          </li>
          <li>
            A small drop of each allergen is placed on the skin, with two control drops: histamine and saline.
          </li>
          <li>
            A tiny, sterile lancet is pressed through each drop into the very top layer of the skin. It does
            not draw blood.
          </li>
          <li>
            After 15 minutes the reactions are read and measured. An itchy, raised bump (a wheal) with redness
            around it, like a midge bite, shows a reaction to that allergen.
          </li>
          <li>The clinician explains the results and your treatment plan with you before you leave.</li>
        </ol>
        <p>The whole appointment usually takes under an hour, and the itch settles within an hour or so.</p>
      </section>

      <section aria-labelledby="video-heading" className="info-section">
        <h2 id="video-heading">Watch: what happens at a skin prick test</h2>
        <ClickToPlayVideo
          title={clinic.videos.allergyTest.title}
          embedUrl={clinic.videos.allergyTest.embedUrl}
        />
      </section>

      <section aria-labelledby="results-heading" className="info-section">
        <h2 id="results-heading">What the results mean</h2>
        <p>
          A positive result means your body is sensitised to that allergen: the larger the wheal, the more
          likely it is to be causing your symptoms. It does not measure how severe a future reaction would be,
          and some people are sensitised without having symptoms. That is why results are always interpreted
          together with your history by an experienced clinician.
        </p>
        <p>
          A negative result makes an allergy to that allergen unlikely. If the histamine control does not
          react, for example because an antihistamine was taken, the test cannot be read reliably and may need
          to be repeated.
        </p>
      </section>

      <section aria-labelledby="safety-heading" className="info-section">
        <h2 id="safety-heading">Is it safe?</h2>
        <p>
          Skin prick testing is very safe. The amount of allergen is tiny and stays in the top layer of the
          skin, so serious reactions are very rare. Tests are carried out by trained staff under medical
          supervision, with emergency treatment always at hand. The clinician may change or postpone a test if
          it would not be safe on the day, for example if you are unwell or your asthma is not well
          controlled.
        </p>
      </section>

      <section aria-labelledby="children-heading" className="info-section">
        <h2 id="children-heading">Testing children</h2>
        <p>
          Skin prick tests are suitable for children of all ages, including babies. We take our time, explain
          each step and keep the test as quick as possible. A parent or guardian stays with the child
          throughout and gives consent for children under 16. A favourite toy, tablet or snack (one they are
          not being tested for) can help.
        </p>
      </section>

      <section aria-labelledby="prepare-heading" className="info-section">
        <h2 id="prepare-heading">How to prepare</h2>
        <ul>
          <li>
            <strong>Stop oral antihistamines 5 days before your test</strong>, for example cetirizine,
            loratadine, desloratadine, fexofenadine or chlorphenamine, including those in cough, cold and
            sleep remedies.
          </li>
          <li>
            <strong>Stop antihistamine nasal sprays 3 days before</strong>, for example azelastine.
          </li>
          <li>
            <strong>Keep taking your asthma inhalers</strong> and steroid nasal sprays unless a doctor tells
            you otherwise.
          </li>
          <li>Do not stop any other regular medicine. If you take antidepressants, tell us when you book.</li>
          <li>Do not put moisturiser or cream on your forearms on the day of the test.</li>
          <li>Arrive 15 minutes before your appointment.</li>
          <li>Bring a list of the medicines you take and any previous allergy test results or letters.</li>
          <li>Children must come with a parent or guardian.</li>
        </ul>
        <p className="info-note">
          If you cannot stop an antihistamine because your symptoms are severe, contact us before your
          appointment and we will advise you.
        </p>
      </section>

      <section aria-labelledby="book-heading" className="info-cta">
        <h2 id="book-heading">Book your allergy test</h2>
        <p>Choose a time that suits you and pay securely online. We test adults and children.</p>
        <div className="info-actions">
          <Link className="info-button" to="/sessions_availability/booking_test">
            Book An Appointment
          </Link>
        </div>
      </section>
    </div>
  );
}
