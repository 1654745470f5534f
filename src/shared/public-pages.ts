/** Every public page with a fixed address: the sitemap lists them and the browser tests audit them. */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/about_us',
  '/our_team',
  '/forms',
  '/allergy_symptoms',
  '/allergy_resources',
  '/allergy_test',
  '/blog',
  '/faq',
  '/fees',
  '/contact_us',
  '/sessions_availability/referral',
  '/privacy_policy',
  '/terms_and_conditions',
] as const;

/** The booking pages' ids (`/sessions_availability/{id}`): another id there is an unknown address. */
export const BOOKING_PAGE_IDS = ['booking_test', 'booking_video'] as const;
