import { roleCan, type StaffPermission, type StaffRole } from '../../../shared/staff-roles';

/** The back-office menu (spec 2.5). */
export interface AdminMenuItem {
  label: string;
  to: string;
  /** What the signed-in role must be allowed to see it in the menu and use its screens (its endpoints' own). */
  permission: StaffPermission;
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
  { label: 'Calendar', to: '/admin/calendar', permission: 'appointments_read' },
  {
    label: 'Booking Appointments',
    to: '/admin',
    end: true,
    alsoActiveUnder: ['/admin/video', '/admin/appointment'],
    permission: 'appointments_read',
  },
  { label: 'Today at the desk', to: '/admin/today', permission: 'appointments_read' },
  {
    label: 'Referrals',
    to: '/admin/referrals',
    badge: { count: 'referralsAwaiting', spoken: 'awaiting' },
    permission: 'health',
  },
  { label: 'Patients', to: '/admin/patients', permission: 'patients' },
  { label: 'Wait list', to: '/admin/waitlist', permission: 'waitlist' },
  { label: 'Takings', to: '/admin/takings', permission: 'takings' },
  { label: 'Blog', to: '/admin/blog', alsoActiveUnder: ['/admin/article'], permission: 'content' },
  { label: 'Availability settings', to: '/admin/availability', permission: 'availability' },
  { label: 'Team', to: '/admin/team', permission: 'content' },
  { label: 'FAQ', to: '/admin/faq', permission: 'content' },
  { label: 'FEES', to: '/admin/fees', permission: 'content' },
  { label: 'E-mails', to: '/admin/emails', permission: 'outbox' },
  { label: 'Staff', to: '/admin/staff', permission: 'staff' },
  { label: 'Activity', to: '/admin/activity', permission: 'staff' },
  { label: 'Settings', to: '/admin/settings', permission: 'staff' },
  { label: 'Your account', to: '/admin/account', permission: 'account' },
];

/** The menu a role sees: only what it may use. */
export const adminMenuFor = (role: StaffRole) => adminMenu.filter((item) => roleCan(role, item.permission));

/** The menu item whose section `pathname` lies in (its own path, or one it is also active under). */
function menuItemAt(pathname: string): AdminMenuItem | undefined {
  return adminMenu.find((item) =>
    item.end
      ? pathname === item.to || pathname === `${item.to}/` || isInOtherSectionPath(item, pathname)
      : pathname === item.to || pathname.startsWith(`${item.to}/`) || isInOtherSectionPath(item, pathname),
  );
}

/**
 * Whether `role` may use the back-office screen at `pathname`: that of its menu section; a path in no section
 * (not found) is anyone's.
 */
export function roleMayOpen(role: StaffRole, pathname: string): boolean {
  if (pathname.startsWith('/admin/appointment/create')) return roleCan(role, 'appointments_write');
  const item = menuItemAt(pathname);
  return item ? roleCan(role, item.permission) : true;
}

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
