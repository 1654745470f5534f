import { clinic } from '../../../shared/clinic';

/** The about-us text, shared by the home page and /about_us. */
export function AboutUsText() {
  return (
    <div className="about-text">
      <p>
        {clinic.name} is a private, consultant-led allergy service for adults and children. We assess hay
        fever, food allergy, asthma, eczema-related allergy, house dust mite and pollen allergy with a careful
        history and skin prick testing, and we give you a clear written plan for what to avoid and what to do
        in a reaction.
      </p>
      <p>
        Adults are seen in Sandyford and Blackrock, children in our dedicated children’s clinic suite in
        Sandyford, where appointments are longer and parents stay with their child throughout. When a test is
        not needed, a video consultation gives you specialist advice from home.
      </p>
      <p>
        Book an allergy test or a video consultation online, or send us your GP’s referral letter and we will
        contact you with an appointment.
      </p>
    </div>
  );
}
