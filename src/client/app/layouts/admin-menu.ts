/** The back-office menu (spec 2.5). */
export interface AdminMenuItem {
  label: string;
  to: string;
  end?: boolean;
  /** Other path prefixes that belong to this section (an article's form belongs to Blog). */
  alsoActiveUnder?: readonly string[];
  /** A count beside the label (the referrals awaiting triage), and what a screen reader hears after it. */
  badge?: { count: AdminMenuCount; spoken: string };
}

/** The counts the menu shows, asked by the layout. */
export type AdminMenuCount = 'referralsAwaiting';

/**
 * What a menu item's count says after its label, for a screen reader ('Referrals, 3 awaiting'); nothing for
 * no count, or none yet known.
 */
export function menuBadgeSpoken(count: number | undefined, spoken: string): string | undefined {
  return count ? `, ${count} ${spoken}` : undefined;
}

export const adminMenu: readonly AdminMenuItem[] = [
  {
    label: 'Booking Appointments',
    to: '/admin',
    end: true,
    alsoActiveUnder: ['/admin/video', '/admin/appointment'],
  },
  { label: 'Referrals', to: '/admin/referrals', badge: { count: 'referralsAwaiting', spoken: 'awaiting' } },
  { label: 'Patients', to: '/admin/patients' },
  { label: 'Blog', to: '/admin/blog', alsoActiveUnder: ['/admin/article'] },
  { label: 'Availability settings', to: '/admin/availability' },
  { label: 'Team', to: '/admin/team' },
  { label: 'FAQ', to: '/admin/faq' },
  { label: 'FEES', to: '/admin/fees' },
  { label: 'E-mails', to: '/admin/emails' },
  { label: 'Staff', to: '/admin/staff' },
  { label: 'Activity', to: '/admin/activity' },
];

/** Sections that are not in the menu, by the first path segment after /admin. */
const otherSections: Record<string, string> = {
  video: 'Video consultations',
  appointment: 'Appointment',
  article: 'Blog',
};

/** The heading of the back-office section at `pathname` (e.g. '/admin/team/add' → 'Team'). */
export function adminSectionTitle(pathname: string): string {
  const segment = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  if (segment === '') return 'Booking Appointments';
  const item = adminMenu.find((entry) => entry.to === `/admin/${segment}`);
  return item?.label ?? otherSections[segment] ?? 'Back office';
}

/** Whether `pathname` lies in a menu item's section beyond its own path. */
export function isInOtherSectionPath(item: AdminMenuItem, pathname: string): boolean {
  return (item.alsoActiveUnder ?? []).some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
