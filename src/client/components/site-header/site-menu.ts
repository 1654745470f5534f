/** The public menu (spec section 2.1). */

export interface MenuLink {
  label: string;
  to: string;
  /** Other path prefixes that belong to this entry (e.g. an article belongs to the Blog). */
  alsoActiveFor?: readonly string[];
}

export interface SubMenu {
  id: string;
  label: string;
  items: readonly MenuLink[];
}

export type MenuEntry = ({ kind: 'link' } & MenuLink & { end?: boolean }) | ({ kind: 'submenu' } & SubMenu);

export const BOOKING_PATH = '/sessions_availability/booking_test';
/** The self-referral: a referral letter, or the form's answers, for the clinic to triage. */
export const REFERRAL_PATH = '/sessions_availability/referral';

export const siteMenu: readonly MenuEntry[] = [
  { kind: 'link', label: 'Home', to: '/', end: true },
  {
    kind: 'submenu',
    id: 'about',
    label: 'About us',
    items: [
      { label: 'What we do', to: '/about_us', alsoActiveFor: ['/about'] },
      { label: 'Our Team', to: '/our_team', alsoActiveFor: ['/employee'] },
    ],
  },
  {
    kind: 'submenu',
    id: 'patient-info',
    label: 'Patient Info',
    items: [
      { label: 'Forms', to: '/forms' },
      { label: 'Allergy Symptoms', to: '/allergy_symptoms' },
      { label: 'Allergy Resources', to: '/allergy_resources' },
      { label: 'Blog', to: '/blog', alsoActiveFor: ['/article'] },
      { label: 'Privacy Policy', to: '/privacy_policy' },
      { label: 'Terms & Conditions', to: '/terms_and_conditions' },
    ],
  },
  { kind: 'link', label: 'FAQs', to: '/faq' },
  { kind: 'link', label: 'Contact Us', to: '/contact_us' },
];

const isUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Whether the page at `pathname` belongs to this menu link. */
export function isLinkActive(link: MenuLink, pathname: string): boolean {
  return isUnder(pathname, link.to) || (link.alsoActiveFor ?? []).some((path) => isUnder(pathname, path));
}
