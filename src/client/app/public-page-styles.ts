// The styles of every public page, loaded with the public layout: server-rendered HTML links only the
// entry's CSS, so a lazy page's own CSS would arrive late (or never, with JavaScript off).
import '../features/allergy-info/allergy-info.css';
import '../features/allergy-info/allergy-type-tabs.css';
import '../features/legal/legal-page.css';
import '../features/team/team.css';
import '../features/faq/faq.css';
import '../features/fees/fees.css';
import '../features/contact/contact.css';
import '../features/blog/blog.css';
import '../components/click-to-play-video/click-to-play-video.css';
import '../components/kind-choice/kind-choice.css';
import '../components/month-calendar/month-calendar.css';
import '../features/availability/availability.css';
import '../features/referrals/referral-form.css';
import '../components/email-field/email-field.css';
import '../components/site-footer/site-footer.css';
import '../components/click-to-load-map/click-to-load-map.css';
import '../components/clinic-location/clinic-location.css';
