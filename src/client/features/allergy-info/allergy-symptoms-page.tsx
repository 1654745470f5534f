import { Link } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Allergy Symptoms',
    description:
      'How to recognise mild and severe allergic reactions, the signs of anaphylaxis, and what to do in an emergency: adrenaline first, then call 112 or 999.',
  }),
};

const mildSymptoms = [
  'Swollen lips, face or eyes',
  'An itchy or tingling mouth',
  'Hives (raised, itchy welts) or an itchy skin rash',
  'Sneezing, an itchy, runny or blocked nose',
  'Itchy, red or watery eyes',
  'Tummy pain, feeling sick or vomiting',
  'A sudden change in behaviour in a child, such as becoming unsettled or clingy',
];

const severeSigns = [
  {
    id: 'airway',
    title: 'Airway',
    signs: [
      'Swelling of the tongue or throat',
      'Difficulty swallowing or a tight throat',
      'A hoarse voice or persistent cough',
    ],
  },
  {
    id: 'breathing',
    title: 'Breathing',
    signs: [
      'Difficult, fast or noisy breathing',
      'Wheezing or a persistent cough',
      'Blue, grey or very pale lips or skin',
    ],
  },
  {
    id: 'circulation',
    title: 'Circulation and consciousness',
    signs: [
      'Feeling faint, dizzy or light-headed',
      'Becoming pale, floppy or suddenly sleepy (in babies and young children)',
      'Confusion, collapse or loss of consciousness',
    ],
  },
];

/** /allergy_symptoms: mild and severe reactions, emergency steps and where to get treatment. */
export function Component() {
  return (
    <div className="info-page">
      <h1>Allergy Symptoms</h1>
      <p className="info-lead">
        Allergic reactions range from mild discomfort to a life-threatening emergency. Knowing the signs helps
        you act quickly and get the right treatment.
      </p>

      <section aria-labelledby="mild-heading" className="info-section">
        <h2 id="mild-heading">Mild to moderate allergic reactions</h2>
        <p>
          These symptoms usually start within minutes, and up to two hours, after contact with an allergen
          such as a food, pollen, an insect sting or a medicine:
        </p>
        <ul>
          {mildSymptoms.map((symptom) => (
            <li key={symptom}>{symptom}</li>
          ))}
        </ul>
        <h3>What to do</h3>
        <ul>
          <li>Stay with the person and stop any further contact with the allergen, if you can.</li>
          <li>Give a non-drowsy antihistamine, as advised by their doctor or allergy action plan.</li>
          <li>Find their adrenaline auto-injector, if they have one, and keep it close.</li>
          <li>Watch closely for any of the signs of anaphylaxis below: a mild reaction can become severe.</li>
        </ul>
      </section>

      <section aria-labelledby="severe-heading">
        <div className="info-section">
          <h2 id="severe-heading">Severe allergic reaction (anaphylaxis)</h2>
          <p>
            Anaphylaxis is a serious allergic reaction that affects the airway, breathing or circulation. It
            can develop within minutes and can happen without any skin symptoms. Look for any one of these
            signs:
          </p>
        </div>
        <ul className="info-card-grid info-abc">
          {severeSigns.map((group) => (
            <li key={group.id}>
              <div className="info-card">
                <h3>{group.title}</h3>
                <ul>
                  {group.signs.map((sign) => (
                    <li key={sign}>{sign}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
        <p className="info-note info-section">
          If someone with a known allergy suddenly has difficulty breathing, give their adrenaline first, then
          their asthma reliever inhaler. <strong>If in doubt, give adrenaline.</strong>
        </p>
      </section>

      <section aria-labelledby="emergency-heading" className="info-emergency">
        <h2 id="emergency-heading">What to do in an emergency</h2>
        <ol>
          <li>
            <strong>Use the adrenaline auto-injector straight away</strong> (for example EpiPen or Jext) into
            the outer thigh. It can be given through clothing.
          </li>
          <li>
            <strong>Lie the person down</strong> with their legs raised. If breathing is difficult, let them
            sit up, but do not let them stand or walk, even if they feel better.
          </li>
          <li>
            <strong>Call 112 or 999</strong>, ask for an ambulance and say “anaphylaxis” (ana-fil-ax-is).
          </li>
          <li>
            <strong>Give a second adrenaline auto-injector after 5 minutes</strong> if there is no improvement
            or symptoms get worse.
          </li>
          <li>
            <strong>Go to hospital</strong>, even if the symptoms settle: a reaction can come back hours
            later, so the person needs to be checked and observed.
          </li>
        </ol>
        <p>
          If the person stops breathing or becomes unresponsive, start CPR and follow the emergency call
          handler’s instructions. People who have been prescribed adrenaline should carry two auto-injectors
          at all times.
        </p>
      </section>

      <section aria-labelledby="treatment-heading" className="info-cta">
        <h2 id="treatment-heading">Getting the right treatment</h2>
        <p>
          If you or your child have had an allergic reaction, or you think you may have an allergy, an allergy
          assessment finds the cause and gives you a clear plan: what to avoid, which medicines help, and
          whether you need an adrenaline auto-injector. Our team sees adults and children, and skin prick test
          results are ready during your visit.
        </p>
        <div className="info-actions">
          <Link className="info-button" to="/sessions_availability/booking_test">
            Book an allergy assessment
          </Link>
          <Link className="info-button info-button--secondary" to="/contact_us">
            Contact us
          </Link>
        </div>
      </section>
    </div>
  );
}
